import { CONTROL_CHARS, CONTROL_CHARS_MESSAGE } from '@neura/contract';
import type { FastifyInstance } from 'fastify';

const MAX_DEPTH = 32;

/**
 * True when any string in the value (keys included) holds a NUL, which no database text may store.
 * Binary values (a raw webhook body, a socket attachment) are bytes, not text, and are skipped: walking
 * a 1 MB Buffer as an object visited every byte as a key and froze the process (finding N1).
 */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  for (const [key, v] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(v, depth + 1)) return true;
  }
  return false;
}

/** The path and query as the routes will see them (undefined when the encoding is broken). */
function decodedUrl(url: string): string | undefined {
  try {
    return decodeURIComponent(url);
  } catch {
    return undefined;
  }
}

const invalid = { message: CONTROL_CHARS_MESSAGE, code: 'request:invalid' } as const;

/**
 * The edge guard every request passes before any route: control characters in the path or query
 * (ids, `before`, emails in paths) and NUL anywhere in a JSON body are a 400, never a database
 * error. Field rules (which text may hold newlines) are the contract schemas'.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const url = decodedUrl(request.url);
    if (url === undefined) {
      return reply.code(400).send({ message: 'The address is not valid.', code: 'request:invalid' });
    }
    if (CONTROL_CHARS.test(url)) return reply.code(400).send(invalid);
  });
  app.addHook('preValidation', async (request, reply) => {
    if (containsNul(request.body)) return reply.code(400).send(invalid);
  });
}
