import { z } from 'zod';

/**
 * The failure body of every HTTP error and socket acknowledgement error. The server adds
 * `requestId` to each one: the id of the request or socket event, the `reqId` of its log lines
 * (HTTP responses also carry it in `X-Request-Id`), so a user's report of an error can be found.
 */
export const errorBodySchema = z.object({ message: z.string(), code: z.string(), requestId: z.string().optional() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Stable error codes and their HTTP status. */
export const ERROR_STATUS = {
  'request:invalid': 400,
  'auth:required': 401,
  'auth:invalid-token': 401,
  'auth:invalid-credentials': 401,
  'auth:not-verified': 403,
  'auth:code-invalid': 400,
  'auth:code-expired': 400,
  'auth:captcha-failed': 400,
  /**
   * After repeated failed password checks (login, current password) the try needs a valid captcha
   * token (header X-Recaptcha-Token); missing or failing, the password is not checked.
   */
  'auth:captcha-required': 403,
  'auth:password-weak': 400,
  'auth:email-taken': 409,
  'auth:wrong-password': 400,
  /** The operator suspended the account: sign-in is refused (ACCOUNT_SUSPENDED_MESSAGE). */
  'auth:suspended': 403,
  /** A passkey (WebAuthn) ceremony that could not be verified (wrong origin, challenge, signature). */
  'auth:passkey-failed': 400,
  /** The action needs a recent proof of the owner (password, passkey or code): `POST /users/me/reauth`. */
  'auth:reauth-required': 403,
  /** Removing this would leave the account with no way to sign in. */
  'auth:last-sign-in': 409,
  'invite:invalid': 400,
  'credits:insufficient': 402,
  'credits:limit': 402,
  'pro:required': 403,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  /** The chat's persona was unpublished by the operator: the chat stays readable, nothing can be sent (409). */
  'persona:unpublished': 409,
  'rate-limited': 429,
  'mail:send-failed': 502,
  /** Payments are turned off on this server (PAYMENTS=off). */
  'billing:disabled': 403,
  /** A sandbox-only call on a server that takes real payments. */
  'billing:sandbox-only': 403,
  /** A webhook whose signature does not verify (or is too old). */
  'billing:signature-invalid': 400,
  /** The payment provider failed or could not be reached; try again. */
  'billing:provider-failed': 502,
  /** The model provider failed while replying (the charge is refunded). */
  'llm:failed': 502,
  /** The model returned nothing (the charge is refunded). */
  'llm:empty': 502,
  /** The server shut down before the reply started (the charge is refunded). */
  'llm:interrupted': 503,
  /** The configured speech engine is not installed or not configured (the message names it). */
  'speech:unavailable': 503,
  /** The speech engine failed or timed out. */
  'speech:failed': 502,
  /** Too many speech jobs are waiting; try again shortly. */
  'speech:busy': 503,
  /** An upload that is not a supported image, or is corrupt (nothing is stored). */
  'file:invalid': 400,
  /** An upload over the size or pixel limit (nothing is stored). */
  'file:too-large': 413,
  /** The user's files have reached FILES_QUOTA_MB (nothing is stored). */
  'file:quota-exceeded': 413,
  /** A paid provider call outside a reply failed (a custom persona's generated avatar); the charge is refunded. */
  'skill:failed': 502,
  internal: 500,
  /** A dependency (database, Redis) is briefly unreachable: retry; the session is still valid. */
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';

/** Account answers the web acts on (SPEC.md §8); the server sends them verbatim. */
export const VERIFY_MAIL_FAILED_MESSAGE = 'An unknown error occurred while sending the verification email.';

/** What a suspended account hears when it signs in (403, code auth:suspended). */
export const ACCOUNT_SUSPENDED_MESSAGE =
  'This account is suspended. Contact the operator of this service if you think this is a mistake.';

/** What the server answers (403, code pro:required) when a non-Pro user uses a Pro feature (SPEC.md §6). */
export const PRO_REQUIRED_MESSAGE = 'User does not have a Pro subscription.';

/** What a chat of an unpublished persona answers to a send (409, code persona:unpublished); the chat page shows it too. */
export const PERSONA_UNPUBLISHED_MESSAGE =
  'This persona is no longer available. You can still read this chat; start a new chat to keep talking.';

/**
 * `GET /users/me/chats/{id}/status`: whether a message can be sent in the chat now (`reason` says
 * why not, as the send would answer it).
 */
export interface ChatStatus {
  canSend: boolean;
  reason: ErrorBody | null;
}
