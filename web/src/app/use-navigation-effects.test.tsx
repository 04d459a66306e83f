import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { buildRoutes } from './router';
import { setTitleAtStart } from './use-navigation-effects';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  useAppStore.setState({ token: null, activeModal: null, serverOnline: null, viewTitle: '', viewTransition: 'none' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.endsWith('/api/')
        ? json({ message: 'OK', version: '0.1.0', supportedClientRange: '>=2.0.0 <3.0.0' })
        : json([]),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('navigation effects', () => {
  it('should set the title, flag loading, then choose the transition of each navigation', async () => {
    const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/settings'] });
    const { container } = render(<RouterProvider router={router} />);
    await waitFor(() => expect(document.title).toBe('Settings'));
    expect(useAppStore.getState().viewTransition).toBe('none');

    await router.navigate('/settings/credits');
    await waitFor(() => expect(document.title).toBe('Buy Credits'));
    expect(useAppStore.getState().viewTransition).toBe('slide-next');
    expect(container.querySelector('main .view')?.className).toContain('view-slide-next');
    await waitFor(() => expect(useAppStore.getState().isViewLoading).toBe(false));

    await router.navigate('/chats/abc');
    await waitFor(() => expect(useAppStore.getState().viewTransition).toBe('slide-prev'));
    await router.navigate('/chats/def');
    await waitFor(() => expect(useAppStore.getState().viewTransition).toBe('none'));
    await router.navigate('/chats');
    await waitFor(() => expect(useAppStore.getState().viewTransition).toBe('slide-child-prev'));
    await router.navigate('/chats/abc');
    await waitFor(() => expect(useAppStore.getState().viewTransition).toBe('slide-child-next'));
  });

  it("should hold the first page's title before the first render, and keep the document's title with the store", async () => {
    setTitleAtStart('/settings/credits');
    expect(useAppStore.getState().viewTitle).toBe('Buy Credits');
    const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/settings/credits'] });
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(document.title).toBe('Buy Credits'));
    useAppStore.getState().setViewTitle('A chat of my own');
    expect(document.title).toBe('A chat of my own');
  });
});
