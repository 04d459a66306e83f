import { z } from 'zod';

/** Sign-in with OpenID Connect (wave 4, issue #47; ARCHITECTURE.md "Sign-in"). */

/** `GET /auth/providers` → `{ providers: [{ id, name }] }`: the auth modal shows a button for each. */

/** Why a callback landed on the error page (`/auth/oidc?error=…`). */
export const OIDC_FAILURES = ['denied', 'expired', 'failed', 'unavailable', 'no-email', 'unverified'] as const;
export type OidcFailureReason = (typeof OIDC_FAILURES)[number];

const ticket = z.string().min(1).max(100);

/** `POST /auth/oidc/ticket { ticket }`: the one-time code the callback left in the page's URL. */
export const oidcTicketRequestSchema = z.object({ ticket });
export type OidcTicketResponse =
  | { next: 'signed-in'; token: string }
  | { next: 'confirm' | 'invite'; email: string; provider: string };

/** `POST /auth/oidc/confirm { ticket, password }`: the existing account confirms the link → `{ token }`. */
export const oidcConfirmRequestSchema = z.object({ ticket, password: z.string().min(1).max(128) });

/** `POST /auth/oidc/register { ticket, inviteCode? }`: a new identity's account → `{ token }`. */
export const oidcRegisterRequestSchema = z.object({ ticket, inviteCode: z.string().max(40).optional() });
