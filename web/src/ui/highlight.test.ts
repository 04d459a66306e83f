import type { Element, Root } from 'hast';
import { toText } from 'hast-util-to-text';
import rehypeHighlight from 'rehype-highlight';
import { describe, expect, it } from 'vitest';
import { languageOf } from './code-language';
import { grammarFor, highlightTree, prepareGrammar } from './highlight';

/** A `<pre><code>` block as react-markdown hands it to rehype plugins. */
const block = (className: string[] | undefined, code: string): Root => ({
  type: 'root',
  children: [
    {
      type: 'element',
      tagName: 'pre',
      properties: {},
      children: [
        {
          type: 'element',
          tagName: 'code',
          properties: className ? { className } : {},
          children: [{ type: 'text', value: code }],
        },
      ],
    },
  ],
});
const withRehypeHighlight = (tree: Root) => {
  // What markdown rendering used before: rehype-highlight with every common grammar at once.
  const file = { message: () => undefined } as unknown as Parameters<ReturnType<typeof rehypeHighlight>>[1];
  rehypeHighlight({ detect: false })(tree, file);
  return tree;
};
const codeOf = (tree: Root) => (tree.children[0] as Element).children[0] as Element;
/** What the markdown's code block makes of its `<code>` (`ui/markdown.tsx`): the classes, then the spans. */
const withLazy = (tree: Root) => {
  const code = codeOf(tree);
  const language = languageOf(code);
  if (!language) return tree;
  const classes = Array.isArray(code.properties.className) ? code.properties.className : [];
  code.properties.className = classes.includes('hljs') ? classes : ['hljs', ...classes];
  const nodes = highlightTree(language, toText(code, { whitespace: 'pre' }));
  if (nodes) code.children = nodes;
  return tree;
};

const samples: Array<[string[] | undefined, string]> = [
  // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source as a sample, not a template.
  [['language-ts'], 'const answer: number = 42;\nexport function f(x: string) { return `${x}!`; }'],
  [['language-typescript'], 'type A = { b?: string };'],
  [['language-py'], 'def greet(name):\n    return f"hi {name}"  # comment'],
  [['language-sh'], 'echo "$HOME" | grep -v root && exit 1'],
  [['language-json'], '{ "a": [1, 2, true, null] }'],
  [['language-html'], '<style>p { color: red; }</style>\n<script>const x = 1;</script>\n<p class="a">hi</p>'],
  [['language-markdown'], '# Title\n\n<b>bold</b> and `code`'],
  [['language-sql'], 'SELECT id FROM users WHERE email = $1;'],
  [['language-console'], '$ npm test\n> ok'],
  [['language-h'], '#include <stdio.h>\nint main(void) { return 0; }'],
  [['language-nosuchlanguage'], 'plain text stays plain'],
  [['no-highlight', 'language-ts'], 'const notHighlighted = true;'],
  [undefined, 'no language: left alone'],
];

describe('lazy code highlighting', () => {
  it('should highlight a block in a short name before the other grammars are registered', () => {
    const tree = withLazy(block(['language-rs'], 'fn main() { let x = 1; }'));
    expect(codeOf(tree).properties.className).toEqual(['hljs', 'language-rs']);
    expect(JSON.stringify(codeOf(tree).children)).toContain('hljs-keyword');
  });

  it('should give every block what rehype-highlight gave it', () => {
    for (const [className, code] of samples) {
      expect(withLazy(block(className, code)), `${className?.join(' ')}`).toEqual(
        withRehypeHighlight(block(className, code)),
      );
    }
  });

  it('should say a grammar needed readying only the first time, and never for an unknown language', () => {
    expect(prepareGrammar('kotlin')).toBe(true);
    expect(prepareGrammar('kt')).toBe(false);
    expect(prepareGrammar('klingon')).toBe(false);
  });

  it('should name the grammar for short names and say when none knows a language', () => {
    expect(grammarFor('TS')).toBe('typescript');
    expect(grammarFor('yml')).toBe('yaml');
    expect(grammarFor('python')).toBe('python');
    expect(grammarFor('klingon')).toBeUndefined();
  });
});
