import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { dispatchUser } from '../store/user';
import { useAuthFlow } from './auth-flow-store';
import { AuthModal } from './auth-modal';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ME = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'L',
  referralCode: 'R',
  proExpiry: null,
  isPro: false,
  flags: [],
  credits: 20,
};
const WRONG = { message: 'That code is not correct. Please check it and try again.', code: 'auth:code-invalid' };

let calls: Array<{ key: string; body?: Record<string, unknown> }>;

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${new URL(url).pathname.replace(/^\/api/, '')}`;
      const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : undefined;
      calls.push({ key, body });
      if (key === 'GET /accounts/options')
        return json({ registration: 'invite', waitlistUrl: null, captchaSiteKey: null });
      if (key === 'GET /users/me') return json(ME);
      if (key === 'POST /users/login') return json({ twoFactorRequired: true, challenge: 'challenge-1' });
      if (key === 'POST /users/login/2fa')
        return body?.code === '123456' ? json({ token: 'tok-2fa' }) : json(WRONG, 400);
      return json({ message: 'no route', code: 'not-found' }, 404);
    }),
  );
  useAppStore.setState({ token: null, activeModal: 'auth', introFinished: true });
  dispatchUser({ type: 'cleared' });
  useAuthFlow.getState().resetForms();
  useAuthFlow.setState({ page: 'login', email: 'ada@example.com' });
});
afterEach(() => vi.unstubAllGlobals());

describe('auth modal: the second factor (issue #47)', () => {
  it('should ask for the code after a right password, show a wrong one, and sign in with a right one', async () => {
    render(
      <MemoryRouter>
        <AuthModal />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a long and quiet river' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByRole('dialog').getAttribute('data-page')).toBe('twofactor'));
    expect(useAppStore.getState().token).toBeNull();
    expect(screen.getByText('Two-step verification')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(WRONG.message);
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: ' 123456 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(useAppStore.getState().token).toBe('tok-2fa'));
    expect(calls.filter((c) => c.key === 'POST /users/login/2fa').map((c) => c.body)).toEqual([
      { challenge: 'challenge-1', code: '000000' },
      { challenge: 'challenge-1', code: '123456' },
    ]);
  });
});
