import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthFlow } from '../auth/auth-flow-store';
import { useAppStore } from '../store/app-store';
import { dispatchUser, useUser } from '../store/user';
import { useToastStore } from '../ui/toast-store';
import DeleteAccountPage from './delete-account-page';

let calls: Array<{ url: string; method?: string; body: unknown }>;
let answer: { status: number; body: unknown };

beforeEach(() => {
  calls = [];
  answer = { status: 200, body: { success: true } };
  useAppStore.setState({ token: 'tok' });
  dispatchUser({
    type: 'loaded',
    user: {
      email: 'a@b.co',
      firstName: 'A',
      lastName: 'B',
      referralCode: 'X',
      proExpiry: null,
      isPro: false,
      flags: [],
      credits: 3,
    },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
  useAppStore.setState({ token: null });
});

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/settings/delete', element: <DeleteAccountPage /> },
      { path: '/', element: <p>home</p> },
    ],
    { initialEntries: ['/settings/delete'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const button = () => screen.getByRole('button', { name: 'Delete Account' }) as HTMLButtonElement;

describe('DeleteAccountPage', () => {
  it('should warn plainly and need the password and the confirmation', () => {
    renderPage();
    expect(screen.getByText('This cannot be undone')).toBeTruthy();
    expect(button().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    expect(button().disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('I understand that my account and all my data will be deleted.'));
    expect(button().disabled).toBe(false);
  });

  it('should DELETE /users/me with the password, sign out and go to /', async () => {
    const router = renderPage();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByLabelText('I understand that my account and all my data will be deleted.'));
    fireEvent.click(button());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'DELETE', body: { password: 'secret' } });
    expect(calls[0]?.url).toMatch(/\/api\/users\/me$/);
    expect(useAppStore.getState().token).toBeNull();
    expect(useUser.getState().user).toBeNull();
    // The sign-in modal that follows says so first.
    useAuthFlow.getState().resetForms();
    expect(useAuthFlow.getState().alert).toEqual({ severity: 'success', message: 'Your account was deleted.' });
  });

  it("should stay signed in and show the server's message on a wrong password", async () => {
    answer = { status: 401, body: { message: 'That password is not right.', code: 'auth:invalid-credentials' } };
    renderPage();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'bad' } });
    fireEvent.click(screen.getByLabelText('I understand that my account and all my data will be deleted.'));
    fireEvent.click(button());
    expect((await screen.findByRole('alert')).textContent).toBe('That password is not right.');
    expect(useAppStore.getState().token).toBe('tok');
  });
});
