import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { PersonaIcon } from './persona-icon';

describe('PersonaIcon', () => {
  it('should show the uploaded avatar on the API base, keeping its version', () => {
    const { container } = render(<PersonaIcon id="otter" avatarUrl="/api/personas/otter/avatar?v=2026-01-01" />);
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toMatch(/\/personas\/otter\/avatar\?v=2026-01-01$/);
    expect(screen.getByTestId('persona-avatar')).toBe(img);
  });

  it('should show the generated icon without an avatar, and an empty tile when no art is served', () => {
    const { container } = render(<PersonaIcon id="gone" size={40} />);
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toMatch(/\/personas\/gone\/icon\.webp$/);
    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    const tile = container.querySelector('span[aria-hidden="true"]') as HTMLElement;
    expect(tile.style.width).toBe('40px');
  });
});

describe('PersonaIcon of a private persona (issue #40, L2)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useAppStore.setState({ token: null });
  });

  it('should load a refused custom avatar with the session token, and show the tile when that is refused too', async () => {
    useAppStore.setState({ token: 'maker-token' });
    const fetchMock = vi.fn(async (url: string) =>
      url.includes('/mine/')
        ? new Response('webp', { headers: { 'content-type': 'image/webp' } })
        : new Response('', { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    // jsdom has no createObjectURL.
    const created = vi.fn(() => 'blob:avatar-1');
    const original = URL.createObjectURL;
    URL.createObjectURL = created;
    onTestFinished(() => {
      URL.createObjectURL = original;
    });

    const mine = render(<PersonaIcon id="mine" avatarUrl={`/api/personas/mine/custom-avatar/${'a'.repeat(32)}`} />);
    fireEvent.error(mine.container.querySelector('img') as HTMLImageElement);
    await waitFor(() => expect(mine.container.querySelector('img')?.getAttribute('src')).toBe('blob:avatar-1'));
    expect(fetchMock).toHaveBeenCalledWith(expect.stringMatching(/\/personas\/mine\/custom-avatar\/a{32}$/), {
      headers: { Authorization: 'Bearer maker-token' },
    });

    const theirs = render(
      <PersonaIcon id="theirs" avatarUrl={`/api/personas/theirs/custom-avatar/${'b'.repeat(32)}`} />,
    );
    fireEvent.error(theirs.container.querySelector('img') as HTMLImageElement);
    await waitFor(() => expect(theirs.container.querySelector('img')).toBeNull());
    expect(theirs.getByTestId('persona-icon-fallback')).toBeTruthy();
  });
});
