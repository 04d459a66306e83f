// The web's UI primitives are used, not copied (docs/ARCHITECTURE.md "Web"): outside web/src/ui/,
// no raw `<button` (the app's buttons are `ui/button.tsx`'s `Button`), and nowhere a copy of the
// primary button's look (an accent fill with accent text, a button's padding and weight, in one
// class string: `variant="primary"` or `buttonClass('primary')` instead), and no hand-made labelled
// field: outside web/src/ui/, no raw `<label` (a labelled control is `ui/field.tsx`'s `Field`, or its
// `Choice` for a card in a group, so label, hint and error are wired in one place). Test files may render
// plain markup to drive a component. Each case runs the same scan; some plant a violation and
// show that it fails.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { plantedTrees } from './lib/planted-tree.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** Files of web/src (relative) that may hold a raw `<button`, and why. Only the primitive itself. */
const RAW_BUTTON_ALLOWED = { 'ui/': 'the primitives: `Button` renders the one raw <button>' };

/**
 * Files of web/src (relative) that may hold a raw `<label`, and why: the primitives, and a short
 * named list of labels that are not a field's.
 */
const RAW_LABEL_ALLOWED = {
  'ui/': 'the primitives: `Field` and `Choice` render the one raw <label>',
  'admin/persona-avatar-field.tsx': "a file input's label that is its button (the native picker opens from it)",
  'settings/memory-page.tsx': 'pending: the memory page is being reworked on its own branch; it moves to Field there',
};

const RAW_BUTTON = /<button\b/g;
const RAW_LABEL = /<label\b/g;
/** Every quoted string and every static part of a template literal. */
const LITERAL = /"[^"\n]*"|'[^'\n]*'|`[^`]*`/g;

function* sources(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(file);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield file;
  }
}

const lineOf = (text, index) => text.slice(0, index).split('\n').length;

/** True for a class string that is the primary button's look, copied. */
function isPrimaryLook(classes) {
  const tokens = classes.split(/\s+/);
  return (
    tokens.includes('bg-accent') &&
    tokens.includes('text-accent-fg') &&
    tokens.some((t) => /^font-(medium|semibold)$/.test(t)) &&
    tokens.some((t) => /^px-[3-9]/.test(t))
  );
}

/** Every violation under `base` (a tree with web/src), as `file:line what`. */
function uiViolations(base) {
  const src = path.join(base, 'web/src');
  const found = [];
  for (const file of sources(src)) {
    const rel = path.relative(src, file).split(path.sep).join('/');
    const text = fs.readFileSync(file, 'utf8');
    if (rel.endsWith('.tsx') && !Object.keys(RAW_BUTTON_ALLOWED).some((a) => rel.startsWith(a))) {
      for (const m of text.matchAll(RAW_BUTTON)) found.push(`web/src/${rel}:${lineOf(text, m.index)} raw <button`);
    }
    if (rel.endsWith('.tsx') && !Object.keys(RAW_LABEL_ALLOWED).some((a) => rel.startsWith(a))) {
      for (const m of text.matchAll(RAW_LABEL)) found.push(`web/src/${rel}:${lineOf(text, m.index)} raw <label`);
    }
    for (const m of text.matchAll(LITERAL)) {
      const parts = m[0].slice(1, -1).split(/\$\{[^}]*\}/);
      if (parts.some(isPrimaryLook)) found.push(`web/src/${rel}:${lineOf(text, m.index)} primary class string`);
    }
  }
  return found.sort();
}

const tree = plantedTrees('ui-rules');

describe('UI primitives (web/src/ui)', () => {
  it('should find no raw <button> or <label> outside ui/ and no copied primary class string in web/src', () => {
    expect(uiViolations(root)).toEqual([]);
  });

  it('should fail a raw <button> in a feature folder', () => {
    const dir = tree({
      'web/src/chat/send.tsx': 'export const Send = () => (\n  <button type="button">Send</button>\n);\n',
    });
    expect(uiViolations(dir)).toEqual(['web/src/chat/send.tsx:2 raw <button']);
  });

  it('should fail the primary class string copied into a component, quoted or in a template', () => {
    const dir = tree({
      'web/src/billing/buy.tsx':
        'export const a = "rounded-lg bg-accent px-4 py-2 font-medium text-accent-fg";\n' +
        // biome-ignore lint/suspicious/noTemplateCurlyInString: planted source text holding a template literal.
        'export const b = (x: string) => `${x} rounded-xl bg-accent px-5 py-3 font-semibold text-accent-fg`;\n',
      'web/src/ui/toast.tsx':
        "export const c = 'mt-2 rounded-lg bg-accent px-3 py-1 text-sm font-medium text-accent-fg';\n",
    });
    expect(uiViolations(dir)).toEqual([
      'web/src/billing/buy.tsx:1 primary class string',
      'web/src/billing/buy.tsx:2 primary class string',
      'web/src/ui/toast.tsx:1 primary class string',
    ]);
  });

  it('should pass the primitive itself, test harnesses, and accent surfaces that are not buttons', () => {
    const dir = tree({
      'web/src/ui/button.tsx': 'export const B = () => <button type="button" />;\n',
      'web/src/auth/logout.test.tsx': 'export const T = () => <button type="button">Out</button>;\n',
      'web/src/chat/bubble.tsx':
        "export const bubble = 'rounded-2xl bg-accent px-4 py-2 text-accent-fg';\n" +
        // biome-ignore lint/suspicious/noTemplateCurlyInString: planted source text holding a template literal.
        "export const tab = (on: boolean) => `px-3 font-medium ${on ? 'bg-accent text-accent-fg' : ''}`;\n",
    });
    expect(uiViolations(dir)).toEqual([]);
  });

  it('should fail a hand-made labelled field in a feature folder, wrapping or beside its input', () => {
    const dir = tree({
      'web/src/settings/nickname.tsx':
        'export const A = () => (\n  <label className="flex flex-col">\n    Nickname\n    <input />\n  </label>\n);\n' +
        'export const B = () => (\n  <div>\n    <label htmlFor="n">Nickname</label>\n    <input id="n" />\n  </div>\n);\n',
    });
    expect(uiViolations(dir)).toEqual([
      'web/src/settings/nickname.tsx:2 raw <label',
      'web/src/settings/nickname.tsx:9 raw <label',
    ]);
  });

  it('should pass a <label> in the primitives, in a test harness and in the named allow-list', () => {
    const dir = tree({
      'web/src/ui/field.tsx': 'export const F = () => <label htmlFor="x">X</label>;\n',
      'web/src/auth/login.test.tsx': 'export const T = () => <label>Email<input /></label>;\n',
      'web/src/admin/persona-avatar-field.tsx': 'export const P = () => <label>Choose<input type="file" /></label>;\n',
    });
    expect(uiViolations(dir)).toEqual([]);
  });
});
