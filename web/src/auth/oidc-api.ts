import type { OidcConfirmResponse, OidcTicketResponse } from '@neura/contract';
import { api } from '../api/http';

/** The calls of the page a provider sign-in lands on (issue #47; ARCHITECTURE.md "Sign-in"). */

const tokenOf = (answer: { token?: unknown }): string => {
  if (typeof answer?.token !== 'string') throw new Error('unexpected answer');
  return answer.token;
};

/** Each ticket is read once per page load (a second read of a sign-in ticket would find it used). */
const reads = new Map<string, Promise<OidcTicketResponse>>();
export function readTicket(ticket: string): Promise<OidcTicketResponse> {
  let read = reads.get(ticket);
  if (!read) {
    read = api<OidcTicketResponse>('/auth/oidc/ticket', { method: 'POST', body: { ticket } });
    reads.set(ticket, read);
  }
  return read;
}

/** A token, or (the second factor on) the challenge for `POST /users/login/2fa`. */
export type SignInStep = { token: string } | { challenge: string };

const stepOf = (answer: Partial<Record<'token' | 'challenge', unknown>>): SignInStep =>
  typeof answer?.challenge === 'string' ? { challenge: answer.challenge } : { token: tokenOf(answer) };

export const confirmLink = async (ticket: string, password: string) =>
  stepOf(await api<OidcConfirmResponse>('/auth/oidc/confirm', { method: 'POST', body: { ticket, password } }));

/** Links with a passkey of the account (both factors: a token), through the system's passkey sheet. */
export async function confirmLinkWithPasskey(ticket: string, email: string): Promise<string> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  // biome-ignore lint/suspicious/noExplicitAny: the server's request options JSON, passed through as it came.
  const optionsJSON = await api<any>('/auth/passkeys/login/options', { method: 'POST', body: { email } });
  const credential = await startAuthentication({ optionsJSON });
  return tokenOf(await api('/auth/oidc/confirm', { method: 'POST', body: { ticket, credential } }));
}

export const registerWithProvider = async (ticket: string, inviteCode: string | undefined) =>
  tokenOf(await api('/auth/oidc/register', { method: 'POST', body: { ticket, inviteCode } }));
