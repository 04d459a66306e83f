import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { Sidebar } from './sidebar';

vi.mock('../chats/chat-list', () => ({ ChatList: () => <div data-testid="sidebar-chat-list" /> }));
vi.mock('../chats/chats-runtime', () => ({ ChatsRuntime: () => null }));
vi.mock('../chats/organise-ready', () => ({ organiseTextsReady: Promise.resolve() }));
vi.mock('../auth/logout-button', () => ({ LogoutButton: () => null }));

/** A window `width` px wide, as `matchMedia` tells it; `resize` changes it and tells the listeners. */
function windowOf(width: number) {
  const listeners = new Set<() => void>();
  let now = width;
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      get matches() {
        return query === '(min-width: 1024px)' && now >= 1024;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    })),
  );
  return {
    resize(to: number) {
      now = to;
      for (const listener of listeners) listener();
    },
  };
}

const renderSidebar = () =>
  render(
    <MemoryRouter initialEntries={['/chats/c1']}>
      <Sidebar />
    </MemoryRouter>,
  );

describe('Sidebar', () => {
  beforeEach(() => {
    useAppStore.setState({ token: 'tok' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useAppStore.setState({ token: null });
  });

  it('should show the chat list where the sidebar shows (1024 px and wider)', async () => {
    windowOf(1280);
    renderSidebar();
    expect(await screen.findByTestId('sidebar-chat-list')).toBeTruthy();
  });

  it('should not mount the chat list on a narrower window, where the sidebar is hidden, until it widens', async () => {
    const window = windowOf(390);
    renderSidebar();
    // The lazy parts the sidebar would load have had their turn.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.queryByTestId('sidebar-chat-list')).toBeNull();
    act(() => window.resize(1280));
    expect(await screen.findByTestId('sidebar-chat-list')).toBeTruthy();
  });
});
