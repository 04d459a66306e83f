import type { ErrorBody } from '@neura/contract';
import { texts } from '../texts/texts';

/**
 * Codes the client gives its own failures; every other code is the server's (contract/src/errors.ts).
 * `network`: an HTTP call never reached the server; `disconnected`: no session socket to call
 * over; `timeout`: the server did not acknowledge a socket call in time.
 */
export type ClientErrorCode = 'network' | 'disconnected' | 'timeout' | 'unknown';

/**
 * The one client error: an HTTP failure, a refused socket acknowledgement or a call that never got
 * an answer, rebuilt from the server's `{ message, code }` body where there is one.
 */
export class AppError extends Error {
  constructor(
    message: string,
    readonly code: string,
    /** The HTTP status; 0 for socket calls and failures that never reached the server. */
    readonly status = 0,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** Rebuilds the server's error body (HTTP body or ack `error`); a malformed body is `unknown`. */
  static fromBody(body: unknown, status = 0): AppError {
    if (isErrorBody(body)) return new AppError(body.message || texts.errors.unknown, body.code, status);
    return new AppError(texts.errors.unknown, 'unknown', status);
  }

  static client(code: Exclude<ClientErrorCode, 'unknown'>): AppError {
    return new AppError(texts.errors[code], code);
  }
}

/** The contract's error body `{ message, code }`, checked by hand (no zod on the first route). */
export function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const { message, code } = body as Record<string, unknown>;
  return typeof message === 'string' && typeof code === 'string';
}

const CLIENT_CODES: ReadonlySet<string> = new Set<ClientErrorCode>(['network', 'disconnected', 'timeout', 'unknown']);

/**
 * The message to show for a failure: the server's own message when it answered; otherwise the
 * caller's text for what failed (`fallback`), and without one the client error's generic text.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (!(error instanceof AppError)) return fallback ?? texts.errors.unknown;
  if (CLIENT_CODES.has(error.code)) return fallback ?? error.message;
  return error.message;
}
