import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { dispatchUser } from '../store/user';
import { Header } from './header';

const user = {
  email: 'a@b.co',
  firstName: 'A',
  lastName: 'B',
  referralCode: 'R',
  proExpiry: null,
  isPro: false,
  flags: [],
  credits: 7,
};

beforeEach(() => {
  useAppStore.setState({ token: 'tok', activeModal: null, viewTitle: 'Title' });
  dispatchUser({ type: 'loaded', user });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAppStore.setState({ token: null, activeHelpDoc: null, helpDocHistory: [] });
});

function renderAt(entries: string[]) {
  const routes = ['/', '/chats', '/chats/:id', '/settings', '/settings/password', '/terms', '/settings/credits'].map(
    (path) => ({ path, element: <Header /> }),
  );
  const router = createMemoryRouter(routes, { initialEntries: entries, initialIndex: entries.length - 1 });
  render(<RouterProvider router={router} />);
  return router;
}

describe('Header', () => {
  it.each(['/', '/chats', '/settings'])('should open the New Chat modal from %s', (path) => {
    const router = renderAt([path]);
    fireEvent.click(screen.getByTestId('header-left'));
    expect(useAppStore.getState().activeModal).toBe('newchat');
    expect(router.state.location.pathname).toBe(path);
  });

  it('should go to /chats from a chat', async () => {
    const router = renderAt(['/chats/abc']);
    fireEvent.click(screen.getByRole('button', { name: 'Chats' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats'));
  });

  it('should go back one step elsewhere', async () => {
    window.history.replaceState({ idx: 1 }, '');
    const router = renderAt(['/settings', '/settings/password']);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
  });

  it('should send the credits badge to /settings/credits', async () => {
    const router = renderAt(['/terms']);
    const badge = screen.getByTestId('credits-badge');
    expect(badge.textContent).toContain('7');
    fireEvent.click(badge);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/credits'));
  });

  it('should highlight the credits badge at 0 credits only', () => {
    renderAt(['/terms']);
    expect(screen.getByTestId('credits-badge').dataset.empty).toBeUndefined();
    act(() => dispatchUser({ type: 'credits', credits: 0 }));
    const badge = screen.getByTestId('credits-badge');
    expect(badge.dataset.empty).toBe('true');
    expect(badge.className).toContain('text-danger');
  });

  it('should keep its 56 px height in a column layout (it never shrinks)', () => {
    renderAt(['/terms']);
    const header = screen.getByRole('banner');
    expect(header.className.split(' ')).toEqual(expect.arrayContaining(['h-14', 'shrink-0']));
    // The round help button fits inside the header with its border.
    expect(screen.getByTestId('help-button').className.split(' ')).toEqual(
      expect.arrayContaining(['h-9', 'w-9', 'shrink-0', 'box-border']),
    );
  });

  it('should open help at the index from the help button', async () => {
    renderAt(['/terms']);
    fireEvent.click(screen.getByRole('button', { name: 'Open help' }));
    await waitFor(() => {
      const doc = useAppStore.getState().activeHelpDoc;
      expect(doc && doc !== 'isLoading' && doc.name).toBe('DocIndex');
    });
  });
});
