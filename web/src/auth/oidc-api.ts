import type { OidcTicketResponse } from '@neura/contract';
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

export const confirmLink = async (ticket: string, password: string) =>
  tokenOf(await api('/auth/oidc/confirm', { method: 'POST', body: { ticket, password } }));

export const registerWithProvider = async (ticket: string, inviteCode: string | undefined) =>
  tokenOf(await api('/auth/oidc/register', { method: 'POST', body: { ticket, inviteCode } }));
