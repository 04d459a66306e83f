import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { dispatchUser, useUser } from '../store/user';
import { installFakeGrecaptcha } from '../test/fake-grecaptcha';
import { useToastStore } from '../ui/toast-store';
import { useAuthFlow } from './auth-flow-store';
import { AuthModal } from './auth-modal';
import { countryFromTimeZone } from './country';

type Handler = (body: Record<string, unknown> | undefined, headers: Record<string, string>) => Response;
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
const NOT_VERIFIED = () =>
  json({ message: 'Your email address has not been verified.', code: 'auth:not-verified' }, 403);

let routes: Record<string, Handler>;
let calls: Array<{ key: string; body?: Record<string, unknown>; headers: Record<string, string> }>;

function serve(extra: Record<string, Handler>) {
  routes = {
    'GET /accounts/options': () => json({ registration: 'invite', waitlistUrl: null, captchaSiteKey: null }),
    'GET /users/me': () => json(ME),
    ...extra,
  };
}

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url).pathname.replace(/^\/api/, '');
      const key = `${init?.method ?? 'GET'} ${decodeURIComponent(path)}`;
      const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : undefined;
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({ key, body, headers });
      const handler = routes[key];
      return handler ? handler(body, headers) : json({ message: `no route ${key}`, code: 'not-found' }, 404);
    }),
  );
  useAppStore.setState({ token: null, activeModal: 'auth', introFinished: false });
  dispatchUser({ type: 'cleared' });
  useAuthFlow.getState().resetForms();
  useAuthFlow.setState({ page: 'emailcheck' });
  useToastStore.setState({ toasts: [] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as Window & { grecaptcha?: unknown }).grecaptcha;
});

const renderModal = () =>
  render(
    <MemoryRouter>
      <AuthModal />
    </MemoryRouter>,
  );
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const page = () => screen.getByRole('dialog').getAttribute('data-page');
const enterCode = (code: string) =>
  code.split('').forEach((digit, i) => {
    fireEvent.change(screen.getByLabelText(`Digit ${i + 1} of 4`), { target: { value: digit } });
  });

async function toPage(name: string) {
  await waitFor(() => expect(page()).toBe(name));
}

describe('auth modal: intro', () => {
  it('should read "Skip Intro" until the intro is finished, then "Get Started", and go on to emailcheck', async () => {
    serve({});
    useAuthFlow.setState({ page: 'initial' });
    renderModal();
    expect(screen.getByRole('button', { name: 'Skip Intro' })).toBeTruthy();
    act(() => useAppStore.setState({ introFinished: true }));
    click('Get Started');
    await toPage('emailcheck');
  });

  it('should remember "Skip Intro": a later visit starts at emailcheck', async () => {
    serve({});
    useAuthFlow.setState({ page: 'initial' });
    const first = renderModal();
    click('Skip Intro');
    await toPage('emailcheck');
    expect(useAppStore.getState().introFinished).toBe(true);
    first.unmount();
    useAuthFlow.setState({ page: 'initial' });
    renderModal();
    await toPage('emailcheck');
  });
});

describe('auth modal: install prompt', () => {
  it('should show install steps on a phone browser, then "No, thanks" goes to emailcheck', async () => {
    serve({});
    const ua = vi
      .spyOn(navigator, 'userAgent', 'get')
      .mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile Safari');
    useAuthFlow.setState({ page: 'initial' });
    renderModal();
    click('Skip Intro');
    await toPage('pwanotify');
    expect(screen.getByText(/Add to Home Screen/)).toBeTruthy();
    click('No, thanks');
    await toPage('emailcheck');
    ua.mockRestore();
  });
});

describe('auth modal: login', () => {
  it('should keep Continue disabled until the email is valid, then go to login for a known user', async () => {
    serve({
      'GET /users/ada@example.com/exists': () => json({ userExists: true, waitlist: true, captchaEnabled: false }),
    });
    renderModal();
    const cont = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    type('Email', 'ada@example');
    expect(cont.disabled).toBe(true);
    type('Email', 'ada@example.com');
    expect(cont.disabled).toBe(false);
    click('Continue');
    await toPage('login');
    expect(screen.getByRole('button', { name: 'Forgot your password?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terms of Use' })).toBeTruthy();
  });

  it("should show the server's message on a failed login, and clear it on a page change", async () => {
    serve({
      'POST /users/login': () =>
        json({ message: 'The email address or password is incorrect.', code: 'auth:invalid-credentials' }, 401),
    });
    useAuthFlow.setState({ page: 'login', email: 'ada@example.com' });
    renderModal();
    type('Password', 'nope nope');
    click('Login');
    expect((await screen.findByRole('alert')).textContent).toBe('The email address or password is incorrect.');
    click('Back');
    await toPage('emailcheck');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('should show "An unknown error occurred." when the failure has no message', async () => {
    serve({ 'POST /users/login': () => new Response('oops', { status: 500 }) });
    useAuthFlow.setState({ page: 'login', email: 'ada@example.com' });
    renderModal();
    type('Password', 'whatever pass');
    click('Login');
    expect((await screen.findByRole('alert')).textContent).toBe('An unknown error occurred.');
  });

  it('should show the captcha when the server asks for it, send its token, and reset it after a failed try', async () => {
    const captcha = installFakeGrecaptcha();
    const answers = [
      () =>
        json(
          {
            message: 'Too many failed attempts. Please complete the captcha and try again.',
            code: 'auth:captcha-required',
          },
          403,
        ),
      () => json({ message: 'The email address or password is incorrect.', code: 'auth:invalid-credentials' }, 401),
      () => json({ token: 'tok-c' }),
    ];
    serve({
      'GET /accounts/options': () => json({ registration: 'invite', waitlistUrl: null, captchaSiteKey: 'site-key-1' }),
      'POST /users/login': () => (answers.shift() as () => Response)(),
    });
    useAuthFlow.setState({ page: 'login', email: 'ada@example.com' });
    renderModal();
    const login = () => screen.getByRole('button', { name: 'Login' }) as HTMLButtonElement;
    // No captcha until the server asks for one.
    expect(captcha.render).not.toHaveBeenCalled();
    type('Password', 'a quiet river');
    click('Login');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many failed attempts. Please complete the captcha and try again.',
    );
    await waitFor(() => expect(captcha.render).toHaveBeenCalledTimes(1));
    expect(captcha.render.mock.calls[0]?.[1]).toMatchObject({ sitekey: 'site-key-1', theme: 'dark' });
    expect(calls.filter((c) => c.key === 'POST /users/login')[0]?.headers['X-Recaptcha-Token']).toBeUndefined();
    // Login waits for the captcha, then sends its token.
    expect(login().disabled).toBe(true);
    captcha.solve('human-1');
    expect(login().disabled).toBe(false);
    click('Login');
    expect((await screen.findByRole('alert')).textContent).toBe('The email address or password is incorrect.');
    expect(calls.filter((c) => c.key === 'POST /users/login')[1]?.headers['X-Recaptcha-Token']).toBe('human-1');
    // A token is good for one try: cleared, the widget resets, Login waits again.
    expect(useAuthFlow.getState().loginCaptchaToken).toBeNull();
    expect(captcha.reset).toHaveBeenCalledWith(7);
    expect(login().disabled).toBe(true);
    captcha.solve('human-2');
    captcha.expire();
    expect(login().disabled).toBe(true);
    captcha.solve('human-3');
    click('Login');
    await waitFor(() => expect(useAppStore.getState().token).toBe('tok-c'));
    expect(calls.filter((c) => c.key === 'POST /users/login')[2]?.headers['X-Recaptcha-Token']).toBe('human-3');
    // Signed in: the forms (and the captcha state) are cleared.
    expect(useAuthFlow.getState()).toMatchObject({ loginCaptcha: false, loginCaptchaToken: null });
  }, 15_000);

  it('should store the token, clear the forms, reload the user and close on success', async () => {
    serve({ 'POST /users/login': () => json({ token: 'tok-1' }) });
    useAuthFlow.setState({ page: 'login', email: 'ada@example.com' });
    renderModal();
    type('Password', 'a quiet river');
    click('Login');
    await waitFor(() => expect(useUser.getState().user?.email).toBe('ada@example.com'));
    expect(useAppStore.getState().token).toBe('tok-1');
    expect(useAppStore.getState().activeModal).toBeNull();
    expect(useAuthFlow.getState()).toMatchObject({ page: 'emailcheck', email: '', password: '' });
    expect(calls.find((c) => c.key === 'GET /users/me')?.headers.Authorization).toBe('Bearer tok-1');
  });

  it('should go to emailverify with the notice when the address is not verified, then verify and log in', async () => {
    let verified = false;
    serve({
      'POST /users/login': () => (verified ? json({ token: 'tok-2' }) : NOT_VERIFIED()),
      'POST /users/verify': () => json({ success: true }),
      'POST /users/verify/validate': (body) => {
        if (body?.verifyCode !== '0427')
          return json(
            { message: 'That code is not correct. Please check it and try again.', code: 'auth:code-invalid' },
            400,
          );
        verified = true;
        return json({ success: true });
      },
    });
    useAuthFlow.setState({ page: 'login', email: 'ada@example.com' });
    renderModal();
    type('Password', 'a quiet river');
    click('Login');
    await toPage('emailverify');
    expect(screen.getByRole('status').textContent).toBe(
      'Your email address has not been verified. Please check your email for a verification link.',
    );
    expect(screen.getByTestId('verify-email').textContent).toBe('ada@example.com');
    expect(screen.getByText(/spam/)).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /users/verify')).toBe(true));

    enterCode('1111');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That code is not correct. Please check it and try again.',
    );
    await waitFor(() => expect(useAuthFlow.getState().verifyCode).toEqual(['', '', '', '']));

    enterCode('0427');
    await waitFor(() => expect(useAppStore.getState().token).toBe('tok-2'));
    const login = calls.filter((c) => c.key === 'POST /users/login').at(-1);
    expect(login?.body).toEqual({ email: 'ada@example.com', password: 'a quiet river' });
    expect(useAppStore.getState().activeModal).toBeNull();
  });

  it('should say so when the verification email cannot be sent', async () => {
    serve({
      'POST /users/verify': () =>
        json(
          { message: 'An unknown error occurred while sending the verification email.', code: 'mail:send-failed' },
          502,
        ),
    });
    useAuthFlow.setState({ page: 'emailverify', email: 'ada@example.com' });
    renderModal();
    click("Didn't get an email?");
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An unknown error occurred while sending the verification email.',
    );
  });
});

describe('auth modal: sign-up', () => {
  it('should go emailcheck → preregister → invitecheck, refuse a bad invite, then register and verify', async () => {
    serve({
      'GET /users/new@example.com/exists': () => json({ userExists: false, waitlist: true, captchaEnabled: false }),
      'GET /invites/AAAA-BBBB-CCCC-DDDD-EEEE': () => json({ isValid: false }),
      'GET /invites/ABCD-EFGH-JKLM-NPQR-STUV': () => json({ isValid: true }),
      'POST /users/': () => NOT_VERIFIED(),
      'POST /users/verify/validate': () => json({ success: true, token: 'tok-v' }),
    });
    renderModal();
    type('Email', 'new@example.com');
    click('Continue');
    await toPage('preregister');
    expect(screen.getByRole('button', { name: 'Join the waitlist' })).toBeTruthy();
    click('I have an invite code');
    await toPage('invitecheck');
    expect(screen.getByRole('button', { name: 'Need an invite code?' })).toBeTruthy();
    type('Invite code', 'aaaa-bbbb-cccc-dddd-eeee');
    click('Continue');
    expect((await screen.findByRole('alert')).textContent).toBe('There seems to be a problem with your invite code.');
    type('Invite code', 'abcd-efgh-jklm-npqr-stuv');
    click('Continue');
    await toPage('register');

    const create = screen.getByRole('button', { name: 'Create Account' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    type('First name', 'Ada');
    type('Last name', 'Lovelace');
    type('Password', 'a quiet river');
    type('Confirm password', 'a quiet rivers');
    expect(create.disabled).toBe(false);
    click('Create Account');
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Your password confirmation doesn't match, please check it and try again.",
    );
    type('Confirm password', 'a quiet river');
    click('Create Account');
    await toPage('emailverify');
    const reg = calls.find((c) => c.key === 'POST /users/');
    expect(reg?.body).toMatchObject({
      email: 'new@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      password: 'a quiet river',
      inviteCode: 'ABCD-EFGH-JKLM-NPQR-STUV',
    });
    // Registration mailed the code already: no second send.
    expect(calls.some((c) => c.key === 'POST /users/verify')).toBe(false);
    expect(useAuthFlow.getState().pendingPassword).toBe('a quiet river');

    // The verified code brings a session: signed in without another login call.
    enterCode('5555');
    await waitFor(() => expect(useAppStore.getState().token).toBe('tok-v'));
    expect(calls.some((c) => c.key === 'POST /users/login')).toBe(false);
    expect(useAppStore.getState().activeModal).toBeNull();
  });

  it('should go straight to register when the waitlist is off, and clear the captcha token on failure', async () => {
    serve({
      'GET /users/new@example.com/exists': () => json({ userExists: false, waitlist: false, captchaEnabled: true }),
      'POST /users/': () =>
        json(
          {
            message: 'The captcha check failed. Please complete the captcha and try again.',
            code: 'auth:captcha-failed',
          },
          400,
        ),
    });
    renderModal();
    type('Email', 'new@example.com');
    click('Continue');
    await toPage('register');
    act(() => useAuthFlow.getState().set({ recaptchaToken: 'tok-captcha' }));
    type('First name', 'Ada');
    type('Last name', 'Lovelace');
    type('Password', 'a quiet river');
    type('Confirm password', 'a quiet river');
    click('Create Account');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The captcha check failed. Please complete the captcha and try again.',
    );
    const reg = calls.find((c) => c.key === 'POST /users/');
    expect(reg?.headers['X-Recaptcha-Token']).toBe('tok-captcha');
    expect(reg?.body?.inviteCode).toBeUndefined();
    expect(useAuthFlow.getState().recaptchaToken).toBeNull();
    expect((screen.getByRole('button', { name: 'Create Account' }) as HTMLButtonElement).disabled).toBe(true);
    click('Back');
    await toPage('emailcheck');
  });

  it('should store a waitlist address with the built-in form and confirm it', async () => {
    serve({ 'POST /waitlist': () => json({ success: true }) });
    useAuthFlow.setState({ page: 'preregister', email: 'wait@example.com' });
    renderModal();
    click('Join the waitlist');
    await toPage('waitlist');
    fireEvent.click(screen.getAllByRole('button', { name: 'Join the waitlist' })[0] as HTMLElement);
    expect((await screen.findByRole('status')).textContent).toMatch(/on the waitlist/);
    expect(calls.find((c) => c.key === 'POST /waitlist')?.body).toEqual({ email: 'wait@example.com' });
  });

  it('should close the modal with Done after the waitlist confirmation, and start afresh next time', async () => {
    serve({ 'POST /waitlist': () => json({ success: true }) });
    useAuthFlow.setState({ page: 'waitlist', email: 'wait@example.com' });
    renderModal();
    click('Join the waitlist');
    await screen.findByRole('status');
    click('Done');
    expect(useAppStore.getState().activeModal).toBeNull();
    expect(useAuthFlow.getState().page).toBe('emailcheck');
    expect(useAuthFlow.getState().waitlistJoined).toBe(false);
  });

  it('should open an external waitlist in a new tab', async () => {
    serve({
      'GET /accounts/options': () =>
        json({ registration: 'invite', waitlistUrl: 'https://forms.example.com/w', captchaSiteKey: null }),
    });
    const open = vi.fn();
    vi.stubGlobal('open', open);
    useAuthFlow.setState({ page: 'invitecheck' });
    renderModal();
    await waitFor(() => expect(useAuthFlow.getState().waitlistUrl).toBe('https://forms.example.com/w'));
    click('Need an invite code?');
    expect(open).toHaveBeenCalledWith('https://forms.example.com/w', '_blank', 'noopener,noreferrer');
    expect(page()).toBe('invitecheck');
  });
});

describe('auth modal: password reset', () => {
  it('should go forgotpass → resetpass and sign in with "Your password was reset"', async () => {
    serve({
      'POST /users/forgot': () => json({ success: true }),
      'POST /users/forgot/validate': (body) =>
        body?.verifyCode === '9999'
          ? json({ success: true })
          : json(
              { message: 'That code is not correct. Please check it and try again.', code: 'auth:code-invalid' },
              400,
            ),
      'POST /users/forgot/reset': () => json({ token: 'tok-3' }),
    });
    useAuthFlow.setState({ page: 'login', email: 'ada@example.com' });
    renderModal();
    click('Forgot your password?');
    await toPage('forgotpass');
    expect(calls.find((c) => c.key === 'POST /users/forgot')?.body).toEqual({ email: 'ada@example.com' });
    enterCode('1234');
    expect((await screen.findByRole('alert')).textContent).toMatch(/not correct/);
    await waitFor(() => expect(useAuthFlow.getState().resetCode).toEqual(['', '', '', '']));
    enterCode('9999');
    await toPage('resetpass');
    type('New password', 'a new passphrase');
    type('Confirm password', 'another one');
    click('Reset Password');
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Your password confirmation doesn't match, please check it and try again.",
    );
    type('Confirm password', 'a new passphrase');
    click('Reset Password');
    await waitFor(() => expect(useAppStore.getState().token).toBe('tok-3'));
    expect(calls.find((c) => c.key === 'POST /users/forgot/reset')?.body).toEqual({
      email: 'ada@example.com',
      verifyCode: '9999',
      password: 'a new passphrase',
    });
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Your password was reset'),
    );
    expect(useAuthFlow.getState().page).toBe('emailcheck');
  });
});

describe('countryFromTimeZone', () => {
  it('should map common zones to ISO alpha-2 and leave unknown ones out', () => {
    expect(countryFromTimeZone('Pacific/Auckland')).toBe('NZ');
    expect(countryFromTimeZone('America/Los_Angeles')).toBe('US');
    expect(countryFromTimeZone('Europe/Berlin')).toBe('DE');
    expect(countryFromTimeZone('Etc/UTC')).toBeUndefined();
  });
});
