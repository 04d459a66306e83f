/** Network errors of a client to a dependency (PostgreSQL, Redis). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** PostgreSQL SQLSTATEs for a server going away or refusing connections (classes 08, 57P, 53300). */
const PG_TRANSIENT = /^(08\d{3}|57P0[1-3]|53300)$/;
const TRANSIENT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'The client is closed',
  'Socket closed unexpectedly',
];

/**
 * True when the error says a dependency (database, Redis) is unreachable right now — a reason to
 * answer 503 "try again", never to treat the user's session as invalid.
 */
export function isTransientError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || PG_TRANSIENT.test(code) || code === 'SQLITE_BUSY')) {
    return true;
  }
  if (typeof message === 'string' && TRANSIENT_MESSAGES.some((m) => message.includes(m))) return true;
  if (Array.isArray(errors) && errors.some((e) => isTransientError(e, depth + 1))) return true;
  return isTransientError(cause, depth + 1);
}
