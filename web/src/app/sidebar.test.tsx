import type { Chat } from '@neura/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { dispatchChats } from '../store/chats';
import { renderWithRouter } from '../test/render-with-router';
import { Sidebar } from './sidebar';

const chat: Chat = {
  id: 'c1',
  name: 'Plans for Sunday',
  persona: 'default',
  lastMessageAt: null,
  preview: null,
  isPinned: false,
  isArchived: false,
};

// The sidebar loads the chat list lazily: transform its modules once up front, so a test waits for
// the list, not for the runner compiling it.
beforeAll(async () => {
  await Promise.all([
    import('../chats/sidebar-chat-list'),
    import('../chats/chats-runtime'),
    import('../chats/organise-ready'),
  ]);
});

/** A `matchMedia` whose `(min-width: 64rem)` answer the test sets, telling its listeners. */
function screenWidth(wide: boolean) {
  const listeners = new Set<() => void>();
  const state = { wide };
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === '(min-width: 64rem)' ? state.wide : false;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return (next: boolean) => {
    state.wide = next;
    for (const listener of listeners) listener();
  };
}

beforeEach(() => {
  useAppStore.setState({ token: 'tok', activeModal: null });
  dispatchChats({ type: 'loaded', chats: [chat] });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('Sidebar', () => {
  it('should mount the chat list at desktop width', async () => {
    screenWidth(true);
    renderWithRouter(<Sidebar />);
    expect(await screen.findByTestId('chat-list-scroller')).toBeTruthy();
  });

  it('should not mount the chat list on a phone, where the sidebar is hidden, and mount it once wide', async () => {
    const resize = screenWidth(false);
    renderWithRouter(<Sidebar />);
    expect(screen.getByTestId('copyright')).toBeTruthy();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByTestId('chat-list-scroller')).toBeNull();
    act(() => resize(true));
    expect(await screen.findByTestId('chat-list-scroller')).toBeTruthy();
  });

  it('should keep the list and its search when the window is narrowed and widened again', async () => {
    const resize = screenWidth(true);
    renderWithRouter(<Sidebar />);
    const search = await screen.findByRole('searchbox');
    fireEvent.change(search, { target: { value: 'Sunday' } });
    act(() => resize(false));
    act(() => resize(true));
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('Sunday');
  });
});
