import { z } from 'zod';
import { webauthnResponseSchema } from './security.js';

/** Sign-in with OpenID Connect (wave 4, issue #47; ARCHITECTURE.md "Sign-in"). */

/** `GET /auth/providers` → `{ providers: [{ id, name }] }`: the auth modal shows a button for each. */

/** Why a callback landed on the error page (`/auth/oidc?error=…`). */
export const OIDC_FAILURES = ['denied', 'expired', 'failed', 'unavailable', 'no-email', 'unverified'] as const;
export type OidcFailureReason = (typeof OIDC_FAILURES)[number];

const ticket = z.string().min(1).max(100);

/** `POST /auth/oidc/ticket { ticket }`: the one-time code the callback left in the page's URL. */
export const oidcTicketRequestSchema = z.object({ ticket });
/**
 * A linked identity signs in (`signed-in`), or (second factor on) answers `two-factor` with the
 * challenge `POST /users/login/2fa` takes, as a password sign-in does.
 */
export type OidcTicketResponse =
  | { next: 'signed-in'; token: string }
  | { next: 'two-factor'; challenge: string }
  | { next: 'confirm' | 'invite'; email: string; provider: string };

/**
 * `POST /auth/oidc/confirm { ticket, password }` or `{ ticket, credential }` (a passkey assertion
 * for `POST /auth/passkeys/login/options`): the existing account confirms the link → `{ token }`,
 * or after a password with the second factor on `{ twoFactorRequired: true, challenge }`.
 */
export const oidcConfirmRequestSchema = z
  .object({
    ticket,
    password: z.string().min(1).max(128).optional(),
    credential: webauthnResponseSchema.optional(),
  })
  .refine((v) => (v.password === undefined) !== (v.credential === undefined), {
    message: 'Give a password or a passkey.',
  });
export type OidcConfirmResponse = { token: string } | { twoFactorRequired: true; challenge: string };

/** `POST /auth/oidc/register { ticket, inviteCode? }`: a new identity's account → `{ token }`. */
export const oidcRegisterRequestSchema = z.object({ ticket, inviteCode: z.string().max(40).optional() });
