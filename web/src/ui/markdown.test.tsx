import { fireEvent, render, waitFor } from '@testing-library/react';
import ReactMarkdown from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import { describe, expect, it } from 'vitest';
import { createHighlighter } from './code-highlighter';
import { Markdown, safeUrl, setCodeHighlighter } from './markdown';

describe('Markdown', () => {
  it('should leave the DOM of finished blocks untouched while the last block grows (a streaming reply)', () => {
    const start = 'First paragraph.\n\n- one\n- two\n\n```ts\nconst a = 1;\n```\n\nThe last';
    const { container, rerender } = render(<Markdown>{start}</Markdown>);
    const root = container.querySelector('.markdown') as HTMLElement;
    const finished = [...root.children].slice(0, -1);
    expect(finished.map((el) => el.tagName)).toEqual(['P', 'UL', 'DIV']);
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    for (const el of finished)
      observer.observe(el, { subtree: true, childList: true, characterData: true, attributes: true });
    let text = start;
    for (const more of [' words', ' of it', '.\n\nA new block', ' grows', '.']) {
      text += more;
      rerender(<Markdown>{text}</Markdown>);
    }
    changes.push(...observer.takeRecords());
    observer.disconnect();
    expect(changes).toEqual([]);
    expect([...root.children].slice(0, 3)).toEqual(finished);
    expect(root.lastElementChild?.textContent).toBe('A new block grows.');
  });

  it('should never render raw HTML', () => {
    const { container } = render(
      <Markdown>{'Hello <img src=x onerror="alert(1)"> <script>alert(1)</script>'}</Markdown>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
  });

  it('should open safe links in a new tab and neutralise javascript: links', () => {
    const { container } = render(<Markdown>{'[ok](https://example.com) [bad](javascript:alert(1))'}</Markdown>);
    const links = [...container.querySelectorAll('a')];
    const ok = links.find((a) => a.textContent === 'ok');
    expect(ok?.getAttribute('href')).toBe('https://example.com');
    expect(ok?.getAttribute('target')).toBe('_blank');
    expect(ok?.getAttribute('rel')).toContain('noopener');
    const bad = links.find((a) => a.textContent === 'bad');
    // The link text stays; its target is emptied, so a click goes nowhere.
    expect(bad).toBeInstanceOf(HTMLAnchorElement);
    expect(bad?.getAttribute('href')).toBe('');
  });

  it('should render GFM tables and fenced code', () => {
    const { container } = render(<Markdown>{'| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nconst x = 1;\n```'}</Markdown>);
    expect(container.querySelector('table')).not.toBeNull();
    expect(container.querySelector('pre code')?.textContent).toContain('const x = 1;');
  });

  it('should allow only safe URL schemes', () => {
    expect(safeUrl('https://a.b')).toBe('https://a.b');
    expect(safeUrl('mailto:x@y.z')).toBe('mailto:x@y.z');
    expect(safeUrl('javascript:alert(1)')).toBe('');
    expect(safeUrl('data:text/html,hi')).toBe('');
  });
});

describe('Markdown rich blocks', () => {
  it('should wrap tables in a scrollable region with header cells', () => {
    const { container } = render(<Markdown>{'| col A | col B |\n|---|---|\n| 1 | 2 |'}</Markdown>);
    const region = container.querySelector('.table-scroll');
    expect(region?.tagName).toBe('SECTION');
    expect(region?.getAttribute('aria-label')).toBe('Table');
    expect(region?.getAttribute('tabindex')).toBe('0');
    expect([...(region?.querySelectorAll('th') ?? [])].map((th) => th.textContent)).toEqual(['col A', 'col B']);
    expect(region?.querySelectorAll('td')).toHaveLength(2);
  });

  it('should render ordered lists, quotes, task lists and highlighted code', async () => {
    const { container } = render(
      <Markdown>{'1. one\n2. two\n\n> quoted\n\n- [x] done\n- [ ] todo\n\n```js\nconst x = 1;\n```'}</Markdown>,
    );
    expect(container.querySelectorAll('ol > li')).toHaveLength(2);
    expect(container.querySelector('blockquote')?.textContent).toContain('quoted');
    const boxes = [...container.querySelectorAll<HTMLInputElement>('li input[type="checkbox"]')];
    expect(boxes.map((b) => b.checked)).toEqual([true, false]);
    expect(boxes.every((b) => b.disabled)).toBe(true);
    await waitFor(() =>
      expect(container.querySelector('pre code.language-js .hljs-keyword')?.textContent).toBe('const'),
    );
  });

  it('should keep the plain words next to stripped HTML and drop script contents', () => {
    const { container } = render(
      <Markdown>
        {
          '<div>Hello</div> there friend\n\nA <b>bold</b> word <script>alert(1)</script>\n\n<script>\nsteal()\n</script>'
        }
      </Markdown>,
    );
    const text = container.textContent ?? '';
    expect(text).toContain('Hello there friend');
    expect(text).toContain('A bold word');
    expect(text).not.toContain('steal()');
    expect(container.querySelector('.markdown div, b, script')).toBeNull();
  });

  it('should say Copied after copying a code block', async () => {
    const writes: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (t: string) => void writes.push(t) },
    });
    const { findByText, getByRole } = render(<Markdown>{'```\nnpm test\n```'}</Markdown>);
    fireEvent.click(getByRole('button', { name: 'Copy code' }));
    expect(await findByText('Copied')).toBeTruthy();
    expect(writes).toEqual(['npm test\n']);
  });
});

describe('Markdown code highlighting', () => {
  const fenced = (language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\``;
  // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source as a sample, not a template.
  const ts = 'const answer: number = 42;\nexport function f(x: string) { return `${x}!`; }';

  it('should show the code as plain text first, then end with the DOM rehype-highlight gave it', async () => {
    const samples = [
      fenced('ts', ts),
      fenced('py', 'def greet(name):\n    return f"hi {name}"  # comment'),
      fenced('html', '<style>p { color: red; }</style>\n<p class="a">hi</p>'),
      fenced('nosuchlanguage', 'plain text stays plain'),
      fenced('', 'no language'),
      '    indented code',
    ];
    for (const sample of samples) {
      const before = render(
        <ReactMarkdown rehypePlugins={[[rehypeHighlight, { detect: false }]]}>{sample}</ReactMarkdown>,
      ).container.querySelector('pre code') as HTMLElement;
      const { container } = render(<Markdown>{sample}</Markdown>);
      const code = () => container.querySelector('pre code') as HTMLElement;
      // The render itself does not highlight: the text is there at once, with the block's classes.
      expect(code().textContent).toBe(before.textContent);
      expect(code().className).toBe(before.className);
      expect(code().querySelector('span')).toBeNull();
      await waitFor(() => expect(code().outerHTML, sample).toBe(before.outerHTML));
    }
  });

  it('should keep a block plain when its highlighter fails to load', async () => {
    let asked = 0;
    setCodeHighlighter(() => {
      asked++;
      return Promise.reject(new Error('the highlighter chunk did not load'));
    });
    try {
      // Code no earlier test highlighted (a remembered block is shown highlighted without asking).
      const code0 = 'const never: string = "highlighted";';
      const { container } = render(<Markdown>{fenced('ts', code0)}</Markdown>);
      await waitFor(() => expect(asked).toBe(1));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const code = container.querySelector('pre code') as HTMLElement;
      expect(code.textContent).toBe(`${code0}\n`);
      expect(code.querySelector('span')).toBeNull();
    } finally {
      setCodeHighlighter(createHighlighter());
    }
  });

  it('should keep the highlighted part of a growing block and highlight the whole of it in the end', async () => {
    const { container, rerender } = render(<Markdown>{fenced('ts', 'const a = 1;')}</Markdown>);
    const code = () => container.querySelector('pre code') as HTMLElement;
    await waitFor(() => expect(code().querySelector('.hljs-keyword')?.textContent).toBe('const'));
    rerender(<Markdown>{fenced('ts', 'const a = 1;\nlet b = 2;')}</Markdown>);
    // At once: the new text is there, the spans of the text it grew from are kept.
    expect(code().textContent).toBe('const a = 1;\nlet b = 2;\n');
    expect(code().querySelector('.hljs-keyword')?.textContent).toBe('const');
    await waitFor(() =>
      expect([...code().querySelectorAll('.hljs-keyword')].map((k) => k.textContent)).toEqual(['const', 'let']),
    );
  });

  it('should show a block highlighted at once when it is mounted again (a row scrolled back to)', async () => {
    const text = fenced('ts', 'const again = true;');
    const first = render(<Markdown>{text}</Markdown>);
    await waitFor(() => expect(first.container.querySelector('.hljs-keyword')).not.toBeNull());
    first.unmount();
    const { container } = render(<Markdown>{text}</Markdown>);
    expect(container.querySelector('pre code .hljs-keyword')?.textContent).toBe('const');
  });

  it('should copy the code of a highlighted block as its plain text', async () => {
    const writes: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (t: string) => void writes.push(t) },
    });
    const { getByRole, container, findByText } = render(<Markdown>{fenced('ts', 'const a = 1;')}</Markdown>);
    await waitFor(() => expect(container.querySelector('.hljs-keyword')).not.toBeNull());
    fireEvent.click(getByRole('button', { name: 'Copy code' }));
    expect(await findByText('Copied')).toBeTruthy();
    expect(writes).toEqual(['const a = 1;\n']);
  });
});
