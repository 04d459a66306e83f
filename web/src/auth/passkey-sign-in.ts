import { startAuthentication } from '@simplewebauthn/browser';
import { tokenParser } from '../api/account-guards';
import { api } from '../api/http';

/**
 * Signs in with a passkey (issue #47): the server's request options, the system's passkey sheet
 * (discoverable credentials, so no email is needed), the assertion back → a token. Loaded only
 * when the button is pressed.
 */
export async function passkeySignIn(email?: string): Promise<string> {
  // biome-ignore lint/suspicious/noExplicitAny: the options are the server's JSON, passed through as they came.
  const optionsJSON = await api<any>('/auth/passkeys/login/options', { method: 'POST', body: email ? { email } : {} });
  const credential = await startAuthentication({ optionsJSON });
  return (await api('/auth/passkeys/login/verify', { method: 'POST', body: { credential } }, tokenParser)).token;
}
