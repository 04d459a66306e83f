import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { useLogout } from './logout';
import { useSessionEndRedirect } from './use-session-end-redirect';

function Settings() {
  useSessionEndRedirect();
  const logout = useLogout();
  return (
    <button type="button" onClick={() => void logout()}>
      Log out
    </button>
  );
}
function Home() {
  useSessionEndRedirect();
  return <p>home</p>;
}

const user = {
  email: 'a@b.co',
  firstName: 'A',
  lastName: 'B',
  referralCode: 'R',
  proExpiry: null,
  isPro: true,
  flags: ['insider'],
  credits: 4,
};

describe('logout', () => {
  let calls: Array<{ url: string; init?: RequestInit }>;
  beforeEach(() => {
    calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, init });
        return new Response(JSON.stringify({ success: true }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    useAppStore.setState({ token: 'tok-9' });
    useAppStore.getState().setUser(user);
    useAppStore.setState({
      chats: [
        { id: 'c', name: 'n', persona: 'p', lastMessageAt: null, preview: null, isPinned: false, isArchived: false },
      ],
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('should end the session on the server, clear the session state and go to /', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <Home /> },
        { path: '/settings', element: <Settings /> },
      ],
      { initialEntries: ['/settings'] },
    );
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const call = calls.find((c) => c.url.endsWith('/users/logout'));
    expect(call?.init?.method).toBe('POST');
    expect((call?.init?.headers as Record<string, string> | undefined)?.Authorization).toBe('Bearer tok-9');
    expect(useAppStore.getState()).toMatchObject({
      token: null,
      user: null,
      userFlags: [],
      credits: null,
      isProUser: false,
      chats: [],
    });
  });

  it('should go to / when the session ends elsewhere (authError clears the token)', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <Home /> },
        { path: '/chats', element: <Home /> },
      ],
      { initialEntries: ['/chats'] },
    );
    render(<RouterProvider router={router} />);
    useAppStore.getState().clearSession();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
