import { isValidEmail, NOT_VERIFIED_MESSAGE, normalizeInviteCode } from '@neura/contract';
import { AppError, errorMessage } from '../api/app-error';
import { useAppStore } from '../store/app-store';
import { appTexts } from '../texts/app-texts';
import { showToast } from '../ui/toast-store';
import * as authApi from './auth-api';
import { type AuthPage, EMPTY_CODE, useAuthFlow } from './auth-flow-store';
import { isCaptchaRequired } from './captcha-challenge';
import { completeSignIn } from './complete-sign-in';
import { countryFromTimeZone } from './country';
import { isNativeApp, shouldShowInstallPrompt } from './platform-checks';

/** The transitions of SPEC.md §4, as plain functions over the flow store (pages stay thin). */

const flow = () => useAuthFlow.getState();

/** Runs a call with the busy flag; a failure shows the server's message, else "An unknown error occurred." */
async function run(fn: () => Promise<void>, onError?: (error: unknown) => boolean | undefined): Promise<void> {
  if (flow().busy) return;
  flow().setBusy(true);
  try {
    await fn();
  } catch (error) {
    if (!onError?.(error)) flow().setAlert({ severity: 'error', message: errorMessage(error) });
  } finally {
    flow().setBusy(false);
  }
}

const isNotVerified = (error: unknown) =>
  error instanceof AppError && (error.code === 'auth:not-verified' || error.message === NOT_VERIFIED_MESSAGE);

/** "Skip Intro" / "Get Started": the intro is done for good (persisted), so later visits start at emailcheck. */
export function leaveIntro(): void {
  useAppStore.getState().setIntroFinished(true);
  flow().goTo(shouldShowInstallPrompt() ? 'pwanotify' : 'emailcheck');
}

export function submitEmail(): Promise<void> {
  return run(async () => {
    const email = flow().email.trim();
    if (!isValidEmail(email)) return;
    const answer = await authApi.checkEmail(email);
    const waitlist = isNativeApp() ? true : answer.waitlist;
    // The login captcha is asked per address: another address starts without it.
    flow().set({
      email,
      waitlist,
      captchaEnabled: answer.captchaEnabled,
      loginCaptcha: false,
      loginCaptchaToken: null,
    });
    if (answer.userExists) flow().goTo('login');
    else flow().goTo(waitlist ? 'preregister' : 'register');
  });
}

/** Goes to emailverify; from login it also asks for a code (registration mailed one already). */
async function toEmailVerify(password: string, from: 'login' | 'register'): Promise<void> {
  flow().set({ pendingPassword: password, verifyCode: [...EMPTY_CODE] });
  flow().goTo('emailverify');
  if (from === 'login') {
    flow().setAlert({ severity: 'warning', message: appTexts.auth.notVerifiedNotice });
    try {
      await authApi.sendVerifyCode(flow().email);
    } catch (error) {
      flow().setAlert({ severity: 'error', message: verifyMailError(error) });
    }
  }
}

const verifyMailError = (error: unknown) =>
  error instanceof AppError && error.code === 'rate-limited' ? error.message : appTexts.auth.verifyMailFailed;

/**
 * After repeated failures the server asks for the captcha (403 auth:captcha-required): the login
 * page shows the widget and the next try sends its token. A token is good for one try, so every
 * failed try clears it (the widget resets).
 */
export function submitLogin(): Promise<void> {
  return run(
    async () => {
      const { email, password, loginCaptcha, loginCaptchaToken } = flow();
      await afterPassword(await authApi.login(email, password, loginCaptcha ? loginCaptchaToken : null));
    },
    (error) => {
      if (isNotVerified(error)) {
        void toEmailVerify(flow().password, 'login');
        return true;
      }
      flow().set({ loginCaptchaToken: null });
      if (isCaptchaRequired(error)) {
        flow().set({ loginCaptcha: true });
        if (!flow().captchaSiteKey) void loadCaptchaSiteKey();
      }
      return false;
    },
  );
}

/** A right password signs in, or (second factor on) asks for the code (issue #47). */
async function afterPassword(answer: { token: string } | { challenge: string }): Promise<void> {
  if ('token' in answer) return completeSignIn(answer.token);
  flow().set({ twoFactorChallenge: answer.challenge, twoFactorCode: '' });
  flow().goTo('twofactor');
}

/** The second factor's code after a right password (issue #47). */
export function submitTwoFactor(): Promise<void> {
  return run(async () => {
    const { twoFactorChallenge, twoFactorCode } = flow();
    await completeSignIn(await authApi.loginTwoFactor(twoFactorChallenge, twoFactorCode.trim()));
  });
}

/** "Sign in with a passkey": the system's passkey sheet (the email, when typed, narrows it). */
export function signInWithPasskey(): Promise<void> {
  return run(
    async () => {
      const { passkeySignIn } = await import('./passkey-sign-in');
      await completeSignIn(await passkeySignIn(flow().email.trim() || undefined));
    },
    (error) => {
      if (error instanceof AppError) return false;
      flow().setAlert({ severity: 'error', message: appTexts.auth.passkeyCancelled });
      return true;
    },
  );
}

/** The site key normally comes with the modal's options; fetched again if that call had failed. */
async function loadCaptchaSiteKey(): Promise<void> {
  const options = await authApi.fetchAccountOptions().catch(() => undefined);
  if (options?.captchaSiteKey) flow().set({ captchaSiteKey: options.captchaSiteKey });
}

export function forgotPassword(): Promise<void> {
  return run(async () => {
    await authApi.sendResetCode(flow().email);
    flow().set({ resetCode: [...EMPTY_CODE] });
    flow().goTo('forgotpass');
  });
}

export function resendResetCode(): Promise<void> {
  return run(async () => {
    await authApi.sendResetCode(flow().email);
    flow().set({ resetCode: [...EMPTY_CODE] });
    flow().setAlert({ severity: 'info', message: appTexts.auth.codeResent });
  });
}

export function submitResetCode(code: string): Promise<void> {
  return run(
    async () => {
      await authApi.validateResetCode(flow().email, code);
      flow().goTo('resetpass');
    },
    () => {
      flow().set({ resetCode: [...EMPTY_CODE] });
      return false;
    },
  );
}

export function submitNewPassword(): Promise<void> {
  const { newPassword, newPasswordConfirm } = flow();
  if (newPassword !== newPasswordConfirm) {
    flow().setAlert({ severity: 'error', message: appTexts.auth.passwordMismatch });
    return Promise.resolve();
  }
  return run(async () => {
    const { email, resetCode } = flow();
    const token = await authApi.resetPassword(email, resetCode.join(''), newPassword);
    await completeSignIn(token);
    showToast({ severity: 'success', message: appTexts.auth.passwordWasReset });
  });
}

export function submitInvite(): Promise<void> {
  return run(async () => {
    const code = normalizeInviteCode(flow().inviteCode);
    if (await authApi.checkInvite(code)) {
      flow().set({ inviteCode: code });
      flow().goTo('register');
    } else {
      flow().setAlert({ severity: 'error', message: appTexts.auth.invalidInvite });
    }
  });
}

export function submitRegistration(): Promise<void> {
  const f = flow();
  if (f.registerPassword !== f.registerPasswordConfirm) {
    f.setAlert({ severity: 'error', message: appTexts.auth.passwordMismatch });
    return Promise.resolve();
  }
  return run(
    async () => {
      const country = countryFromTimeZone();
      const token = await authApi.register(
        {
          email: f.email,
          firstName: f.firstName.trim(),
          lastName: f.lastName.trim(),
          password: f.registerPassword,
          inviteCode: f.waitlist ? normalizeInviteCode(f.inviteCode) : undefined,
          ...(country ? { country } : {}),
        },
        f.captchaEnabled ? f.recaptchaToken : null,
      );
      await completeSignIn(token);
    },
    (error) => {
      if (isNotVerified(error)) {
        void toEmailVerify(f.registerPassword, 'register');
        return true;
      }
      flow().set({ recaptchaToken: null }); // a failed registration clears the captcha token
      return false;
    },
  );
}

/**
 * A right code verifies the address, goes to login and logs in automatically: with the session the
 * server hands back, else with the password given before.
 */
export function submitVerifyCode(code: string): Promise<void> {
  return run(
    async () => {
      const { email, pendingPassword } = flow();
      const token = await authApi.validateVerifyCode(email, code);
      flow().set({ password: pendingPassword, verifyCode: [...EMPTY_CODE] });
      flow().goTo('login');
      await (token ? completeSignIn(token) : afterPassword(await authApi.login(email, pendingPassword)));
    },
    () => {
      if (flow().page === 'emailverify') flow().set({ verifyCode: [...EMPTY_CODE] });
      return false;
    },
  );
}

export function resendVerifyCode(): Promise<void> {
  return run(
    async () => {
      await authApi.sendVerifyCode(flow().email);
      flow().set({ verifyCode: [...EMPTY_CODE] });
      flow().setAlert({ severity: 'info', message: appTexts.auth.codeResent });
    },
    (error) => {
      flow().setAlert({ severity: 'error', message: verifyMailError(error) });
      return true;
    },
  );
}

/** "Join the waitlist" / "Need an invite code?": the external form in a new tab, else the built-in page. */
export function openWaitlist(): void {
  const url = flow().waitlistUrl;
  if (url) window.open(url, '_blank', 'noopener,noreferrer');
  else flow().goTo('waitlist');
}

export function submitWaitlist(): Promise<void> {
  return run(async () => {
    await authApi.joinWaitlist(flow().email.trim());
    flow().set({ waitlistJoined: true });
  });
}

/** Where the back button of each page goes (undefined: no back button). */
export function backTarget(page: AuthPage): AuthPage | undefined {
  const { waitlist } = flow();
  switch (page) {
    case 'login':
    case 'preregister':
      return 'emailcheck';
    case 'forgotpass':
    case 'resetpass':
      return 'login';
    case 'invitecheck':
      return waitlist ? 'preregister' : 'emailcheck';
    case 'register':
      return waitlist ? 'invitecheck' : 'emailcheck';
    case 'emailverify':
      return 'emailcheck';
    case 'waitlist':
      return 'preregister';
    default:
      return undefined;
  }
}
