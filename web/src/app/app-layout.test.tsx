import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Profiler } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZodError } from 'zod';
import { useAuthFlow } from '../auth/auth-flow-store';
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

/** What the server answers, by path, in the shapes of contract/src/http.ts. */
const WAITLIST_URL = 'https://example.com/waitlist';
const SERVER: Record<string, unknown> = {
  '/api/': { message: 'OK', version: '0.1.0', supportedClientRange: '>=2.0.0 <3.0.0' },
  '/api/personas': [],
  '/api/accounts/options': { registration: 'invite', waitlistUrl: WAITLIST_URL, captchaSiteKey: null },
};
const online = (url: string) => {
  const { pathname } = new URL(url);
  return pathname in SERVER ? json(SERVER[pathname]) : json({ message: 'Not Found', code: 'not-found' }, 404);
};

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

// The layout loads the auth modal lazily; transform it once up front so the first test that opens
// it waits for the modal, not for the test runner compiling its module.
beforeAll(async () => {
  await import('../auth/auth-modal');
});

/** Everything logged as a warning or an error: a ZodError among it means a stub or a schema is wrong. */
let logged: unknown[];
beforeEach(() => {
  useAppStore.setState({
    token: null,
    activeModal: null,
    serverOnline: null,
    viewTitle: '',
    browsing: false,
    afterSignIn: null,
  });
  logged = [];
  for (const level of ['warn', 'error'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(...args);
    });
  }
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  expect(logged.filter((entry) => entry instanceof ZodError)).toEqual([]);
});

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
    // The modal loaded the sign-up options.
    await waitFor(() => expect(useAuthFlow.getState().waitlistUrl).toBe(WAITLIST_URL));
  });

  it('should close the auth modal when moving to a route that does not need auth', async () => {
    serverAnswering(online);
    const router = renderAt('/chats');
    await screen.findByRole('dialog');
    await router.navigate('/terms');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each(['/terms', '/changelog', '/nowhere'])(
    'should let a visitor on %s open the auth modal from the sidebar, and keep it open',
    async (path) => {
      serverAnswering(online);
      renderAt(path);
      const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
      for (const name of ['Login / Signup', 'Login', 'New Chat']) {
        act(() => useAppStore.getState().setActiveModal(null));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        fireEvent.click(within(sidebar).getByRole('button', { name }));
        expect(await screen.findByRole('dialog')).toBeTruthy();
        // Still open after the layout's effects ran (the gate used to close it on public routes).
        await act(async () => {});
        expect(useAppStore.getState().activeModal).toBe('auth');
      }
    },
  );

  it('should offer sign-in on the entry page, and Browse as visitor stays on Explore for good', async () => {
    serverAnswering(online);
    const router = renderAt('/');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Browse as visitor' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('heading', { level: 2, name: 'Explore' })).toBeTruthy();
    // The entry does not open again by itself while the visitor browses.
    await router.navigate('/terms');
    await router.navigate('/');
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("should ask a visitor who starts a chat to sign in, then open that persona's draft", async () => {
    serverAnswering(online);
    const router = renderAt('/terms');
    await screen.findByRole('heading', { level: 2, name: 'Terms of Use' });
    const { startChat } = await import('../chats/chat-actions');
    act(() => void startChat('chef-basil', (to) => void router.navigate(to)));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/terms');
    act(() => useAppStore.getState().setToken('tok'));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/chats/new?persona=chef-basil'),
    );
  });

  it('should offer Browse as visitor instead of a dead close on a route that needs auth, landing on Explore', async () => {
    serverAnswering(online);
    const router = renderAt('/settings');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Browse as visitor' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('should browse as a visitor on Escape too, and close with × on a public page', async () => {
    serverAnswering(online);
    const router = renderAt('/chats');
    await screen.findByRole('dialog');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => useAppStore.getState().setActiveModal('auth'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(useAppStore.getState().activeModal).toBeNull());
    expect(router.state.location.pathname).toBe('/');
  });

  it('should show the fatal offline notice when the server cannot be reached', async () => {
    serverAnswering(() => {
      throw new TypeError('fetch failed');
    });
    renderAt('/terms');
    const notice = await screen.findByRole('alertdialog');
    expect(notice.textContent).toContain('server is offline or under maintenance');
  });

  it("should render nothing again for a visitor when the server check answers online (only 'offline' changes the shell)", async () => {
    let answer: (response: Response) => void = () => undefined;
    serverAnswering((url) => {
      const { pathname } = new URL(url);
      if (pathname === '/api/') return new Promise<Response>((resolve) => (answer = resolve));
      // The catalog stays on its way: only the server check's answer is under test.
      if (pathname === '/api/personas') return new Promise<Response>(() => undefined);
      return online(url);
    });
    let commits = 0;
    const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/terms'] });
    render(
      <Profiler id="app" onRender={() => commits++}>
        <RouterProvider router={router} />
      </Profiler>,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Terms of Use' })).toBeTruthy();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    const before = commits;
    await act(async () => {
      answer(json(SERVER['/api/']));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(useAppStore.getState().serverOnline).toBe(true);
    expect(commits).toBe(before);
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
