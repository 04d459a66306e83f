import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { oidcTexts } from '../texts/oidc';
import OidcPage from './oidc-page';
import { ProviderButtons } from './provider-buttons';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
let routes: Record<string, (body: Record<string, unknown> | undefined) => Response>;
let calls: string[];

beforeEach(() => {
  calls = [];
  routes = { 'GET /accounts/options': () => json({ registration: 'invite', waitlistUrl: null, captchaSiteKey: null }) };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${new URL(url).pathname.replace(/^\/api/, '')}`;
      calls.push(key);
      const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : undefined;
      return routes[key]?.(body) ?? json({ message: 'no route', code: 'not-found' }, 404);
    }),
  );
  useAppStore.setState({ token: null, activeModal: null });
});
afterEach(() => vi.unstubAllGlobals());

const open = (query: string) =>
  render(
    <MemoryRouter initialEntries={[`/auth/oidc${query}`]}>
      <Routes>
        <Route path="/auth/oidc" element={<OidcPage />} />
        <Route path="/" element={<p>home</p>} />
      </Routes>
    </MemoryRouter>,
  );

describe('the provider sign-in landing page', () => {
  it('should say in words why the sign-in failed, and lead back to sign-in', async () => {
    open('?error=denied');
    expect(screen.getByRole('alert').textContent).toBe(oidcTexts.errors.denied);
    fireEvent.click(screen.getByRole('button', { name: oidcTexts.backToSignIn }));
    await screen.findByText('home');
    expect(useAppStore.getState().activeModal).toBe('auth');
  });

  it('should treat an unknown error word as a failed sign-in', () => {
    open('?error=%3Cscript%3E');
    expect(screen.getByRole('alert').textContent).toBe(oidcTexts.errors.failed);
  });

  it('should say the ticket is gone when the server no longer knows it', async () => {
    routes['POST /auth/oidc/ticket'] = () =>
      json({ message: 'That sign-in is no longer valid. Please start again.', code: 'auth:code-invalid' }, 400);
    open('?ticket=used-one');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('That sign-in is no longer valid. Please start again.'),
    );
  });

  it('should ask an existing account for its password and show a wrong one', async () => {
    routes['POST /auth/oidc/ticket'] = () => json({ next: 'confirm', email: 'olga@example.com', provider: 'Google' });
    routes['POST /auth/oidc/confirm'] = () =>
      json({ message: 'The email address or password is incorrect.', code: 'auth:invalid-credentials' }, 401);
    open('?ticket=t2');
    const password = await screen.findByLabelText(oidcTexts.password);
    expect(screen.getByText(oidcTexts.confirmBody('Google', 'olga@example.com'))).toBeTruthy();
    fireEvent.change(password, { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: oidcTexts.confirm }));
    await waitFor(() =>
      expect(screen.getByTestId('oidc-alert').textContent).toBe('The email address or password is incorrect.'),
    );
    expect(useAppStore.getState().token).toBeNull();
  });

  it('should ask the second factor after a linked provider sign-in, then sign in', async () => {
    routes['POST /auth/oidc/ticket'] = () => json({ next: 'two-factor', challenge: 'challenge-of-the-sign-in' });
    let tried = '';
    routes['POST /users/login/2fa'] = (body) => {
      tried = String(body?.code);
      return body?.challenge === 'challenge-of-the-sign-in' && body.code === '123456'
        ? json({ token: 'tok-2fa' })
        : json({ message: 'That code is not correct. Please check it and try again.', code: 'auth:code-invalid' }, 400);
    };
    routes['GET /users/me'] = () => json({ id: 'u1', email: 'a@b.c', firstName: 'A', lastName: 'B' });
    open('?ticket=linked-2fa');
    const code = await screen.findByLabelText(oidcTexts.code);
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: oidcTexts.verify }));
    expect((await screen.findByTestId('oidc-alert')).textContent).toBe(
      'That code is not correct. Please check it and try again.',
    );
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: oidcTexts.verify }));
    await waitFor(() => expect(tried).toBe('123456'));
    await waitFor(() => expect(useAppStore.getState().token).toBe('tok-2fa'));
  });

  it('should ask the code after linking by password when the account has the second factor on', async () => {
    routes['POST /auth/oidc/ticket'] = () => json({ next: 'confirm', email: 'ada@example.com', provider: 'Local ID' });
    routes['POST /auth/oidc/confirm'] = () => json({ twoFactorRequired: true, challenge: 'challenge-after-link' });
    open('?ticket=link-2fa');
    expect(await screen.findByRole('button', { name: oidcTexts.usePasskey })).toBeTruthy();
    fireEvent.change(await screen.findByLabelText(oidcTexts.password), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: oidcTexts.confirm }));
    expect(await screen.findByRole('heading', { name: oidcTexts.twoFactorTitle })).toBeTruthy();
    expect(useAppStore.getState().token).toBeNull();
  });

  it('should let a new identity join the waitlist instead of entering an invite', async () => {
    routes['POST /auth/oidc/ticket'] = () => json({ next: 'invite', email: 'nora@example.test', provider: 'Google' });
    routes['POST /waitlist'] = () => json({ success: true });
    open('?ticket=t3');
    fireEvent.click(await screen.findByRole('button', { name: oidcTexts.joinWaitlist }));
    await screen.findByText(oidcTexts.waitlistJoined('nora@example.test'));
    expect(calls).toContain('POST /waitlist');
  });
});

describe('the provider buttons', () => {
  it('should show no button when no provider is configured, one per provider otherwise', async () => {
    routes['GET /auth/providers'] = () => json({ providers: [] });
    const { unmount } = render(<ProviderButtons />);
    await waitFor(() => expect(calls).toContain('GET /auth/providers'));
    expect(screen.queryByTestId('sign-in-providers')).toBeNull();
    unmount();
  });
});
