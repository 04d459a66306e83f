import {
  type AccountOptionsResponse,
  normalizeInviteCode,
  RECAPTCHA_HEADER,
  type RegisterRequest,
  type User,
  type UserExistsResponse,
} from '@neura/contract';
import {
  accountOptionsParser,
  inviteCheckParser,
  tokenParser,
  userExistsParser,
  userParser,
} from '../api/account-guards';
import { api } from '../api/http';

/** The account calls of SPEC.md §7 and ARCHITECTURE.md §3. */

export const checkEmail = (email: string): Promise<UserExistsResponse> =>
  api(`/users/${encodeURIComponent(email.trim())}/exists`, {}, userExistsParser);

export async function checkInvite(code: string): Promise<boolean> {
  const { isValid } = await api(`/invites/${encodeURIComponent(normalizeInviteCode(code))}`, {}, inviteCheckParser);
  return isValid;
}

/** The captcha token header, when there is a token. */
const captchaHeaders = (recaptchaToken: string | null | undefined): Record<string, string> =>
  recaptchaToken ? { [RECAPTCHA_HEADER]: recaptchaToken } : {};

/**
 * After repeated failures the server wants a captcha token (403 auth:captcha-required). With the
 * second factor on, the answer is a challenge for the code instead of a token (issue #47).
 */
export async function login(
  email: string,
  password: string,
  recaptchaToken?: string | null,
): Promise<{ token: string } | { challenge: string }> {
  const headers = captchaHeaders(recaptchaToken);
  const answer = await api<{ token?: unknown; challenge?: unknown }>('/users/login', {
    method: 'POST',
    body: { email, password },
    headers,
  });
  if (typeof answer?.challenge === 'string') return { challenge: answer.challenge };
  return tokenParser.parse(answer);
}

/** POST /users/login/2fa: the password's challenge and a TOTP or backup code → a token. */
export async function loginTwoFactor(challenge: string, code: string): Promise<string> {
  return (await api('/users/login/2fa', { method: 'POST', body: { challenge, code } }, tokenParser)).token;
}

/** Registration answers a token, or (the usual case) throws the 403 "not verified" ApiError. */
export async function register(input: RegisterRequest, recaptchaToken: string | null): Promise<string> {
  const headers = captchaHeaders(recaptchaToken);
  return (await api('/users/', { method: 'POST', body: input, headers }, tokenParser)).token;
}

const post = (path: string, body: unknown) => api<unknown>(path, { method: 'POST', body });

export const sendVerifyCode = (email: string) => post('/users/verify', { email });
export async function validateVerifyCode(email: string, verifyCode: string): Promise<string | undefined> {
  const answer = await api<{ token?: unknown }>('/users/verify/validate', {
    method: 'POST',
    body: { email, verifyCode },
  });
  return typeof answer?.token === 'string' ? answer.token : undefined;
}
export const sendResetCode = (email: string) => post('/users/forgot', { email });
export const validateResetCode = (email: string, verifyCode: string) =>
  post('/users/forgot/validate', { email, verifyCode });

export async function resetPassword(email: string, verifyCode: string, password: string): Promise<string> {
  return (await api('/users/forgot/reset', { method: 'POST', body: { email, verifyCode, password } }, tokenParser))
    .token;
}

export const joinWaitlist = (email: string) => post('/waitlist', { email });
export const fetchMe = (): Promise<User> => api('/users/me', {}, userParser);
export const fetchAccountOptions = (): Promise<AccountOptionsResponse> =>
  api('/accounts/options', {}, accountOptionsParser);
export const logoutCall = () => post('/users/logout', undefined);

/** PUT /users/me/password: every other session of the user ends (for the settings page). */
export const changePassword = (currentPassword: string, password: string, recaptchaToken?: string | null) =>
  api<unknown>('/users/me/password', {
    method: 'PUT',
    body: { currentPassword, password },
    headers: captchaHeaders(recaptchaToken),
  });

/** DELETE /users/me: removes the account and its data; call `logout()`'s clean-up after it (for settings). */
export const deleteAccount = (password: string, recaptchaToken?: string | null) =>
  api<unknown>('/users/me', { method: 'DELETE', body: { password }, headers: captchaHeaders(recaptchaToken) });
