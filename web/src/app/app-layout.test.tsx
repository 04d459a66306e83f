import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { buildRoutes } from './router';

function serverAnswering(handler: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return handler(url, init);
    }),
  );
  return calls;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const online = (url: string) =>
  url.endsWith('/api/') ? json({ message: 'OK', version: '0.1.0', supportedClientRange: '>=2.0.0 <3.0.0' }) : json([]);

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  useAppStore.setState({ token: null, activeModal: null, serverOnline: null, viewTitle: '' });
});
afterEach(() => vi.unstubAllGlobals());

describe('AppLayout', () => {
  it('should show Not Found with its title for an unknown path', async () => {
    serverAnswering(online);
    renderAt('/does-not-exist');
    expect(await screen.findByRole('heading', { level: 2, name: 'Not Found' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Not Found'));
  });

  it('should open the auth modal on a route that needs auth without a token', async () => {
    serverAnswering(online);
    renderAt('/chats');
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(useAppStore.getState().activeModal).toBe('auth');
  });

  it('should close the auth modal when moving to a route that does not need auth', async () => {
    serverAnswering(online);
    const router = renderAt('/chats');
    await screen.findByRole('dialog');
    await router.navigate('/terms');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('should show the fatal offline notice when the server cannot be reached', async () => {
    serverAnswering(() => {
      throw new TypeError('fetch failed');
    });
    renderAt('/terms');
    const notice = await screen.findByRole('alertdialog');
    expect(notice.textContent).toContain('server is offline or under maintenance');
  });

  it('should send the client version and bearer token on every request', async () => {
    useAppStore.setState({ token: 'tok123' });
    const calls = serverAnswering(online);
    renderAt('/terms');
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2));
    for (const call of calls) {
      const headers = call.init?.headers as Record<string, string>;
      expect(headers['Client-Version']).toBe('2.0.0');
      expect(headers.Authorization).toBe('Bearer tok123');
    }
  });

  it('should redirect /account/password to /settings/password and /privacy to /terms', async () => {
    serverAnswering(online);
    const router = renderAt('/account/password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/password'));
    await router.navigate('/privacy');
    await waitFor(() => expect(router.state.location.pathname).toBe('/terms'));
  });
});
