import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../ui/markdown';

const styles = readFileSync(path.resolve(__dirname, '../styles.css'), 'utf8');

/** The selectors of the streaming caret's rule (the first rule that draws it). */
function caretSelectors(): string[] {
  const rule = /([^{}]*\.stream-caret[^{}]*)\{\s*content: "";/.exec(styles);
  if (!rule) throw new Error('no caret rule in styles.css');
  return (rule[1] as string)
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split(/,(?![^(]*\))/)
    .map((s) => s.trim().replace(/::after$/, ''))
    .filter(Boolean);
}

/** The element the caret follows in a reply streaming `text`, if any. */
function caretAt(text: string): Element | null {
  const { container } = render(
    <div className="stream-caret">
      <Markdown>{text}</Markdown>
    </div>,
  );
  const selector = caretSelectors().join(', ');
  const matches = [...container.querySelectorAll(selector)];
  expect(matches.length).toBeLessThanOrEqual(1);
  return matches[0] ?? null;
}

describe('the streaming caret', () => {
  it('should name its elements in the last compound of each selector (no whole-reply restyle at the end)', () => {
    for (const selector of caretSelectors()) {
      const last = selector.split(/\s*>\s*/).at(-1) as string;
      expect(last).toMatch(/^(:is\([a-z0-9, ]+\)|[a-z]+)/);
    }
  });

  it('should follow the text of a last paragraph, heading or quote', () => {
    expect(caretAt('First.\n\nThe last words')?.tagName).toBe('P');
    expect(caretAt('First.\n\n## A heading')?.tagName).toBe('H2');
    expect(caretAt('First.\n\n> quoted')?.tagName).toBe('BLOCKQUOTE');
  });

  it('should follow the last item of a closing list', () => {
    const item = caretAt('Intro.\n\n- one\n- two');
    expect(item?.tagName).toBe('LI');
    expect(item?.textContent).toBe('two');
    expect(caretAt('Intro.\n\n1. one\n2. two')?.textContent).toBe('two');
  });

  it('should not show after code, a table or a rule, nor before the last block', () => {
    expect(caretAt('Intro.\n\n```ts\nconst a = 1;\n```')).toBeNull();
    expect(caretAt('Intro.\n\n| a | b |\n|---|---|\n| 1 | 2 |')).toBeNull();
    expect(caretAt('Intro.\n\n---')).toBeNull();
    expect(caretAt('Intro.\n\n```ts\nconst a = 1;\n```\n\nAfter the code')?.textContent).toBe('After the code');
  });
});
