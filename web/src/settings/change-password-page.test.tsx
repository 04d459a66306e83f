import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { useToastStore } from '../ui/toast-store';
import ChangePasswordPage from './change-password-page';

let calls: Array<{ url: string; method?: string; body: unknown }>;
let answer: { status: number; body: unknown };

beforeEach(() => {
  calls = [];
  answer = { status: 200, body: { success: true } };
  useAppStore.setState({ token: 'tok' });
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
});

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/settings/password', element: <ChangePasswordPage /> },
      { path: '/settings', element: <p>settings home</p> },
    ],
    { initialEntries: ['/settings/password'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => screen.getByRole('button', { name: 'Change Password' });

describe('ChangePasswordPage', () => {
  it('should keep the button disabled until all three fields are filled', () => {
    renderPage();
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    fill('Current password', 'old');
    fill('New password', 'new-secret');
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    fill('Confirm new password', 'new-secret');
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
  });

  it('should refuse a confirmation that does not match, without calling the server', () => {
    renderPage();
    fill('Current password', 'old');
    fill('New password', 'new-secret');
    fill('Confirm new password', 'other');
    expect(screen.getByText("Your password confirmation doesn't match, please check it and try again.")).toBeTruthy();
    fireEvent.click(submit());
    expect(calls).toHaveLength(0);
  });

  it('should PUT /users/me/password, toast success and go back to settings', async () => {
    const router = renderPage();
    fill('Current password', 'old');
    fill('New password', 'new-secret');
    fill('Confirm new password', 'new-secret');
    fireEvent.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      body: { currentPassword: 'old', password: 'new-secret' },
    });
    expect(calls[0]?.url).toMatch(/\/api\/users\/me\/password$/);
    expect(useToastStore.getState().toasts[0]).toMatchObject({ severity: 'success', title: 'Success' });
  });

  it("should show the server's message when the current password is wrong", async () => {
    answer = {
      status: 401,
      body: { message: 'Your current password is not right.', code: 'auth:invalid-credentials' },
    };
    renderPage();
    fill('Current password', 'bad');
    fill('New password', 'new-secret');
    fill('Confirm new password', 'new-secret');
    fireEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Your current password is not right.');
  });
});
