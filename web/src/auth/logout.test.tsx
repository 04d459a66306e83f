import { SESSION_NAMESPACE } from '@neura/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Server } from 'socket.io';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectSession, getSessionSocket } from '../api/session-socket';
import { useAppStore } from '../store/app-store';
import { dispatchChats, useChats } from '../store/chats';
import { dispatchUser, useUser } from '../store/user';
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

/** A real Socket.IO server on loopback whose /session refuses every token with authError. */
let io: Server;
const handshakeTokens: unknown[] = [];
beforeAll(async () => {
  io = new Server(0, { cors: { origin: '*' } });
  io.of(SESSION_NAMESPACE).on('connection', (socket) => {
    handshakeTokens.push(socket.handshake.query.token);
    socket.emit('authError', { message: 'Your session has ended. Please log in again.' });
  });
  await new Promise<void>((resolve) => io.httpServer.once('listening', () => resolve()));
  const address = io.httpServer.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  // The client's API base (and so its socket origin) is this server.
  vi.stubEnv('VITE_API_URL', `http://127.0.0.1:${address.port}`);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await io.close();
});

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
    dispatchUser({ type: 'loaded', user });
    dispatchChats({
      type: 'loaded',
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
    expect(useAppStore.getState().token).toBeNull();
    expect(useUser.getState().user).toBeNull();
    expect(useChats.getState().chats).toEqual([]);
  });

  it('should clear the session and go to / when the server sends authError on the session socket', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <Home /> },
        { path: '/chats', element: <Home /> },
      ],
      { initialEntries: ['/chats'] },
    );
    render(<RouterProvider router={router} />);
    connectSession('tok-9');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(handshakeTokens).toEqual(['tok-9']);
    expect(useAppStore.getState().token).toBeNull();
    expect(useUser.getState().user).toBeNull();
    expect(useChats.getState().chats).toEqual([]);
    expect(getSessionSocket()).toBeNull();
  });
});
