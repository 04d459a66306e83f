import { render } from '@testing-library/react';
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
