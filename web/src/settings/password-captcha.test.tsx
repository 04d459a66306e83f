import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { installFakeGrecaptcha } from '../test/fake-grecaptcha';
import { useToastStore } from '../ui/toast-store';
import ChangePasswordPage from './change-password-page';
import DeleteAccountPage from './delete-account-page';

/** The settings password checks after repeated failures: the server asks for the captcha (403). */
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const CAPTCHA_REQUIRED = () =>
  json(
    { message: 'Too many failed attempts. Please complete the captcha and try again.', code: 'auth:captcha-required' },
    403,
  );
const WRONG = () => json({ message: 'Your current password is incorrect.', code: 'auth:wrong-password' }, 400);

let calls: Array<{ key: string; headers: Record<string, string> }>;
let answers: Array<() => Response>;
let captcha: ReturnType<typeof installFakeGrecaptcha>;

beforeEach(() => {
  calls = [];
  answers = [];
  captcha = installFakeGrecaptcha();
  useAppStore.setState({ token: 'tok' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${new URL(url).pathname.replace(/^\/api/, '')}`;
      calls.push({ key, headers: (init?.headers ?? {}) as Record<string, string> });
      if (key === 'GET /accounts/options') {
        return json({ registration: 'invite', waitlistUrl: null, captchaSiteKey: 'site-key-1' });
      }
      return (answers.shift() ?? (() => json({ success: true })))();
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  captcha.uninstall();
  useToastStore.setState({ toasts: [] });
  useAppStore.setState({ token: null });
});

function renderAt(path: string, element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/settings', element: <p>settings home</p> },
      { path: '/', element: <p>home</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const sent = (key: string) => calls.filter((c) => c.key === key);

describe('ChangePasswordPage: the captcha after repeated wrong passwords', () => {
  it('should show the captcha when asked, send its token, and reset it after a failed try', async () => {
    answers = [CAPTCHA_REQUIRED, WRONG];
    const router = renderAt('/settings/password', <ChangePasswordPage />);
    const submit = () => screen.getByRole('button', { name: 'Change Password' }) as HTMLButtonElement;
    fill('Current password', 'old secret');
    fill('New password', 'new-secret');
    fill('Confirm new password', 'new-secret');
    expect(captcha.render).not.toHaveBeenCalled();
    fireEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many failed attempts. Please complete the captcha and try again.',
    );
    await waitFor(() => expect(captcha.render).toHaveBeenCalledTimes(1));
    expect(captcha.render.mock.calls[0]?.[1]).toMatchObject({ sitekey: 'site-key-1', theme: 'dark' });
    expect(submit().disabled).toBe(true);
    captcha.solve('human-1');
    expect(submit().disabled).toBe(false);
    fireEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Your current password is incorrect.');
    expect(sent('PUT /users/me/password')[1]?.headers['X-Recaptcha-Token']).toBe('human-1');
    // Used once: cleared and the widget reset; the next try needs a new one.
    expect(captcha.reset).toHaveBeenCalledWith(7);
    expect(submit().disabled).toBe(true);
    captcha.solve('human-2');
    fireEvent.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(sent('PUT /users/me/password')[2]?.headers['X-Recaptcha-Token']).toBe('human-2');
    expect(sent('PUT /users/me/password')[0]?.headers['X-Recaptcha-Token']).toBeUndefined();
  }, 15_000);

  it('should not show the captcha for a plain wrong password', async () => {
    answers = [WRONG];
    renderAt('/settings/password', <ChangePasswordPage />);
    fill('Current password', 'old secret');
    fill('New password', 'new-secret');
    fill('Confirm new password', 'new-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your current password is incorrect.');
    expect(captcha.render).not.toHaveBeenCalled();
    expect(sent('GET /accounts/options')).toHaveLength(0);
    expect((screen.getByRole('button', { name: 'Change Password' }) as HTMLButtonElement).disabled).toBe(false);
  }, 15_000);
});

describe('DeleteAccountPage: the captcha after repeated wrong passwords', () => {
  it('should show the captcha when asked and send its token with the password', async () => {
    answers = [CAPTCHA_REQUIRED];
    const router = renderAt('/settings/delete', <DeleteAccountPage />);
    const submit = () => screen.getByRole('button', { name: 'Delete Account' }) as HTMLButtonElement;
    fill('Password', 'secret');
    fireEvent.click(screen.getByLabelText('I understand that my account and all my data will be deleted.'));
    fireEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many failed attempts. Please complete the captcha and try again.',
    );
    await waitFor(() => expect(captcha.render).toHaveBeenCalledTimes(1));
    expect(submit().disabled).toBe(true);
    expect(useAppStore.getState().token).toBe('tok');
    captcha.solve('human-9');
    fireEvent.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sent('DELETE /users/me')[1]?.headers['X-Recaptcha-Token']).toBe('human-9');
  }, 15_000);
});
