import { fireEvent, render, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// The renderer, counted: each call is one parse of a block.
const parses = vi.hoisted(() => ({ count: 0 }));
vi.mock('./render-markdown', async (importActual) => {
  const actual = await importActual<typeof import('./render-markdown')>();
  return {
    ...actual,
    createMarkdownRenderer: (options: Parameters<typeof actual.createMarkdownRenderer>[0]) => {
      const render = actual.createMarkdownRenderer(options);
      return (text: string) => {
        parses.count++;
        return render(text);
      };
    },
  };
});

const { Markdown, MarkdownBlock } = await import('./markdown');

describe('MarkdownBlock mounts', () => {
  it('should not parse a block again when it mounts again (a row scrolled back into view)', () => {
    const text = 'A block with **bold** and a [link](https://example.com) mounted twice.';
    const first = render(<MarkdownBlock text={text} />);
    const html = first.container.innerHTML;
    first.unmount();
    const before = parses.count;
    const again = render(<MarkdownBlock text={text} />);
    expect(parses.count).toBe(before);
    expect(again.container.innerHTML).toBe(html);
    expect(again.container.querySelector('strong')?.textContent).toBe('bold');
    again.unmount();
  });

  it("should parse a growing block's new text each time it grows, and show it", () => {
    const { container, rerender, unmount } = render(<Markdown>{'Streaming text'}</Markdown>);
    const before = parses.count;
    rerender(<Markdown>{'Streaming text that grows'}</Markdown>);
    rerender(<Markdown>{'Streaming text that grows **more**'}</Markdown>);
    expect(parses.count).toBe(before + 2);
    expect(container.textContent).toBe('Streaming text that grows more');
    expect(container.querySelector('strong')?.textContent).toBe('more');
    unmount();
  });

  it('should give each mount of a kept block its own state (its copy button)', async () => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async () => undefined } });
    const text = '```\nnpm test\n```';
    const a = render(<MarkdownBlock text={text} />);
    const b = render(<MarkdownBlock text={text} />);
    expect(b.container.querySelector('code')?.textContent).toBe('npm test\n');
    fireEvent.click(within(a.container).getByRole('button', { name: 'Copy code' }));
    expect(await within(a.container).findByText('Copied')).toBeTruthy();
    expect(within(b.container).getByRole('button', { name: 'Copy code' }).textContent).toBe('Copy');
    a.unmount();
    b.unmount();
  });

  it('should suspend a block rendered before its parser has loaded, then show it', async () => {
    // Fresh copies of the modules (the test setup has loaded the shared renderer): nothing loaded yet.
    vi.resetModules();
    const React = await import('react');
    const fresh = await import('@testing-library/react');
    const { MarkdownBlock: FreshBlock, rendererReady } = await import('./markdown');
    const { container } = fresh.render(
      React.createElement(
        React.Suspense,
        { fallback: React.createElement('p', null, 'loading the parser') },
        React.createElement(FreshBlock, { text: 'Now **parsed**.' }),
      ),
    );
    expect(container.textContent).toBe('loading the parser');
    await fresh.act(async () => {
      await rendererReady;
    });
    await fresh.waitFor(() => expect(container.querySelector('strong')?.textContent).toBe('parsed'));
  });
});
