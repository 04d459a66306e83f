import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown, MarkdownBlock } from './markdown';
import { type Split, splitGrown } from './markdown-blocks';

/** The blocks of a whole text (split from nothing before). */
const splitBlocks = (text: string) => splitGrown(null, text).blocks;

/** Texts whose blocks could interact across blank lines. */
const SAMPLES = [
  '# Title\n\nPara one\nline two\n\n```js\na\n\nb\n```\n\ntail',
  '- a\n- b\n\n- c\n\nafter the loose list',
  '1. one\n\n2. two\n\n   indented continuation\n\npara',
  '- item\n\n      indented code in the item\n\nnext',
  'para\n\n    indented code\n\n    more code\n\nend',
  '> quote\n\n> another quote\n\n---\n\n***',
  '````md\n```\n\ninner fence\n```\n\n````\n\nafter',
  '~~~\n\n```\n\n~~~\n\nafter',
  '<pre>\nkeep\n\nthis together\n</pre>\n\nafter',
  '<!--\n\nhidden\n\n-->\n\nvisible <!-- inline --> words',
  'Text with a [ref][r] link\n\nmore\n\n[r]: https://example.com',
  'A footnote[^1]\n\nmore text\n\n[^1]: The note.',
  '| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n~~struck~~ https://auto.link',
  '\n\n\nleading blanks\n\n\n\ntrailing blanks\n\n\n',
  'Setext\n===\n\n===\n\nnot a heading',
];

/**
 * The markup of a render, without the whitespace-only text between top-level elements (a block
 * that renders nothing, such as a stripped HTML comment, leaves a newline there; it shows nothing).
 */
function markup(container: HTMLElement): string {
  const root = container.querySelector('.markdown');
  for (const node of [...(root?.childNodes ?? [])]) {
    if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim() === '') node.remove();
  }
  return container.innerHTML;
}

function expectSameAsWhole(text: string) {
  const whole = render(
    <div className="markdown">
      <MarkdownBlock text={text} />
    </div>,
  );
  const split = render(<Markdown>{text}</Markdown>);
  expect(markup(split.container), JSON.stringify(text)).toBe(markup(whole.container));
  whole.unmount();
  split.unmount();
}

describe('splitBlocks', () => {
  it('should split at blank lines but keep code fences whole', () => {
    expect(splitBlocks('# Title\n\nPara one\nline two\n\n```js\na\n\nb\n```\n\ntail')).toEqual([
      '# Title',
      'Para one\nline two',
      '```js\na\n\nb\n```',
      'tail',
    ]);
  });

  it('should keep list items, indented lines and raw HTML blocks with the block above', () => {
    expect(splitBlocks('- a\n\n- b\n\n  more\n\nafter')).toEqual(['- a\n\n- b\n\n  more', 'after']);
    expect(splitBlocks('<pre>\nx\n\ny\n</pre>\n\nz')).toEqual(['<pre>\nx\n\ny\n</pre>', 'z']);
    expect(splitBlocks('````\n```\n\n```\n````\n\nz')).toEqual(['````\n```\n\n```\n````', 'z']);
  });

  it('should keep a text with a link or footnote definition in one block', () => {
    expect(splitBlocks('a [b][c]\n\nd\n\n[c]: https://e.f')).toHaveLength(1);
  });

  it('should render every block split exactly as the whole text', () => {
    for (const text of SAMPLES) expectSameAsWhole(text);
  });

  it('should render each prefix of a streaming text as that prefix renders whole', () => {
    const text = SAMPLES.join('\n\n');
    for (let end = 1; end <= text.length; end += 31) expectSameAsWhole(text.slice(0, end));
  }, 30_000);
});

describe('splitGrown', () => {
  it('should give the blocks of a whole split for every prefix of a text streamed a character at a time', () => {
    const texts = [
      ...SAMPLES,
      SAMPLES.join('\n\n'),
      `${SAMPLES.slice(0, 9).join('\n\n')}\n\n[r]: https://late.example`,
    ];
    for (const text of texts) {
      let split: Split | null = null;
      for (let end = 0; end <= text.length; end++) {
        split = splitGrown(split, text.slice(0, end));
        expect(split.blocks, JSON.stringify(text.slice(0, end))).toEqual(splitBlocks(text.slice(0, end)));
      }
    }
  });

  it('should split from the start again when the text did not grow (an edit, another message)', () => {
    const first = splitGrown(null, 'one\n\ntwo\n\nthree');
    expect(splitGrown(first, 'uno\n\ntwo').blocks).toEqual(['uno', 'two']);
  });
});
