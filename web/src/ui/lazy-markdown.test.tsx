import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { loadMarkdown, Markdown } from './lazy-markdown';

describe('the lazily loaded markdown renderer', () => {
  it('should show the fallback until the renderer has loaded, then the rendered markdown', async () => {
    // Fresh copies of the modules (the test setup preloads the shared renderer): nothing loaded yet.
    vi.resetModules();
    const React = await import('react');
    const { act, render: renderFresh, screen: fresh } = await import('@testing-library/react');
    const lazy = await import('./lazy-markdown');
    const { container } = renderFresh(
      React.createElement(
        React.Suspense,
        { fallback: React.createElement('p', null, 'loading markdown') },
        React.createElement(lazy.Markdown, null, '**bold** and `code`'),
      ),
    );
    expect(fresh.getByText('loading markdown')).toBeTruthy();
    await act(async () => {
      await lazy.loadMarkdown();
    });
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelector('code')?.textContent).toBe('code');
    expect(fresh.queryByText('loading markdown')).toBeNull();
  });

  it('should install the code highlighter, loaded as a module graph of its own, before the first render', async () => {
    vi.resetModules();
    const React = await import('react');
    const { act, render: renderFresh, waitFor } = await import('@testing-library/react');
    const lazy = await import('./lazy-markdown');
    await act(async () => {
      await lazy.loadMarkdown();
    });
    const { container } = renderFresh(React.createElement(lazy.Markdown, null, '```ts\nconst x = 1;\n```'));
    // The spans come in a task after the render (ui/markdown.tsx).
    await waitFor(() =>
      expect(container.querySelector('pre code.hljs.language-ts .hljs-keyword')?.textContent).toBe('const'),
    );
  });

  it('should render at once when the route has loaded it first', async () => {
    await loadMarkdown();
    const { container } = render(
      <Suspense fallback={<p>loading markdown</p>}>
        <Markdown>{'# Title'}</Markdown>
      </Suspense>,
    );
    expect(container.querySelector('h1')?.textContent).toBe('Title');
    expect(screen.queryByText('loading markdown')).toBeNull();
  });
});
