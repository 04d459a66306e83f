import type { ElementContent } from 'hast';
import { common, createLowlight } from 'lowlight';
import type { ReactNode } from 'react';
import { hastToReact } from './hast-to-react';

/**
 * Code highlighting for markdown (what rehype-highlight does with `detect: false`: a fenced block
 * with a language gets highlight.js classes, one without stays plain), with its grammars registered
 * a few at a time instead of all at once. Registering every common grammar in one go is one task of
 * 50–70 ms in a browser; opening a long chat paid it as a long task. Here a grammar is registered
 * when a block needs it, and the rest one per task after this module loads, so no task is long.
 */
const lowlight = createLowlight();
const grammars = common as Record<string, Parameters<typeof lowlight.register>[1]>;
const waiting = Object.keys(grammars);

/** Common short names of fenced blocks, so a block in `ts` or `sh` does not need every grammar first. */
const ALIASES: Record<string, string> = {
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  py: 'python',
  sh: 'bash',
  zsh: 'bash',
  yml: 'yaml',
  md: 'markdown',
  html: 'xml',
  svg: 'xml',
  rb: 'ruby',
  rs: 'rust',
  kt: 'kotlin',
  cs: 'csharp',
  'c++': 'cpp',
  golang: 'go',
  toml: 'ini',
  jsonc: 'json',
};
/** Grammars that highlight blocks of others inside them (HTML's scripts and styles, markdown's HTML). */
const EMBEDS: Record<string, string[]> = {
  xml: ['css', 'javascript'],
  markdown: ['xml', 'css', 'javascript'],
  'php-template': ['xml', 'php', 'css', 'javascript'],
  php: ['xml'],
};

function register(name: string): void {
  const grammar = grammars[name];
  if (!grammar || lowlight.registered(name)) return;
  lowlight.register(name, grammar);
  for (const embedded of EMBEDS[name] ?? []) register(embedded);
}

function registerAll(): void {
  for (const name of waiting.splice(0)) register(name);
}

function registerNextInBackground(): void {
  const name = waiting.shift();
  if (name === undefined) return;
  register(name);
  setTimeout(registerNextInBackground, 0);
}
if (typeof window !== 'undefined') setTimeout(registerNextInBackground, 0);

/** The grammar's name for a block's language, registering what it needs; undefined when none knows it. */
export function grammarFor(language: string): string | undefined {
  const lower = language.toLowerCase();
  const name = ALIASES[lower] ?? lower;
  if (Object.hasOwn(grammars, name)) {
    register(name);
    return name;
  }
  // Another alias (every grammar lists its own): only the full set knows it.
  if (!lowlight.registered(lower)) registerAll();
  return lowlight.registered(lower) ? lower : undefined;
}

/** Grammars highlight.js has compiled (it does on a grammar's first use: 10–45 ms at 4× CPU). */
const compiled = new Set<string>();

/**
 * Readies the grammar for a block's language; true when that was work (registering and compiling
 * it), so the caller highlights in a task of its own rather than after it in the same one.
 */
export function prepareGrammar(language: string): boolean {
  const grammar = grammarFor(language);
  if (!grammar || compiled.has(grammar)) return false;
  compiled.add(grammar);
  lowlight.highlight(grammar, '');
  return true;
}

/** highlight.js's nodes for a block's code; undefined where no grammar knows the language (it stays plain). */
export function highlightTree(language: string, code: string): ElementContent[] | undefined {
  const grammar = grammarFor(language);
  // An unknown language stays plain text (as with rehype-highlight, which only warned).
  if (!grammar) return undefined;
  const result = lowlight.highlight(grammar, code);
  return result.children.length > 0 ? (result.children as ElementContent[]) : undefined;
}

/**
 * A fenced block's code highlighted (what rehype-highlight put in its `<code>`), as React children;
 * undefined where it stays plain. The markdown's code block calls it in a task after its render
 * (`ui/markdown.tsx`), so rendering a reply never waits for highlighting.
 */
export function highlightCode(language: string, code: string): ReactNode | undefined {
  const nodes = highlightTree(language, code);
  return nodes ? hastToReact(nodes) : undefined;
}
