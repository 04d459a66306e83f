import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown, safeUrl } from './markdown';

describe('Markdown', () => {
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

  it('should render ordered lists, quotes, task lists and highlighted code', () => {
    const { container } = render(
      <Markdown>{'1. one\n2. two\n\n> quoted\n\n- [x] done\n- [ ] todo\n\n```js\nconst x = 1;\n```'}</Markdown>,
    );
    expect(container.querySelectorAll('ol > li')).toHaveLength(2);
    expect(container.querySelector('blockquote')?.textContent).toContain('quoted');
    const boxes = [...container.querySelectorAll<HTMLInputElement>('li input[type="checkbox"]')];
    expect(boxes.map((b) => b.checked)).toEqual([true, false]);
    expect(boxes.every((b) => b.disabled)).toBe(true);
    expect(container.querySelector('pre code.language-js .hljs-keyword')?.textContent).toBe('const');
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
