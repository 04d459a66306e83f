import { UNAVAILABLE_MESSAGE } from '@neura/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, internalErrorBody } from '../errors.js';
import { isTransientError } from './transient.js';

/** Which dependency an error of the database or Redis came from (metrics). */
export function dependencyOf(error: unknown): 'database' | 'redis' | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { name, message, code, severity } = error as Record<string, unknown>;
  if (
    (typeof name === 'string' && /^(ClientClosed|SocketClosedUnexpectedly|ConnectionTimeout|Reconnect)/.test(name)) ||
    (typeof message === 'string' && /The client is closed|Socket closed unexpectedly/.test(message))
  ) {
    return 'redis';
  }
  if (typeof code === 'string' && (code.startsWith('SQLITE_') || (typeof severity === 'string' && code.length === 5)))
    return 'database';
  return isTransientError(error) ? 'database' : undefined;
}

/**
 * One error shape for every route: `{ message, code }` with the right status; no internals on
 * 5xx. An unexpected error (500) and a dependency away (503) also carry `requestId`, the id of the
 * request's log lines, so a user's report of "something went wrong" leads to them (every response
 * has it in `X-Request-Id`). Errors of the database or Redis are told to `onDependencyError`.
 */
export function installErrorHandler(
  app: FastifyInstance,
  onDependencyError?: (dependency: 'database' | 'redis') => void,
): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const body = (b: { message: string; code: string }) => ({ ...b, requestId: request.id });
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.code(error.status).send(error.toBody());
    }
    const dependency = dependencyOf(error);
    if (dependency) onDependencyError?.(dependency);
    const fe = error as FastifyError;
    if (fe.statusCode === 429) {
      return reply
        .code(429)
        .send({ message: 'Too many requests. Please wait a moment and try again.', code: 'rate-limited' });
    }
    if (fe.validation || fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send({ message: 'The request body is not valid JSON.', code: 'request:invalid' });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.code(fe.statusCode).send({ message: fe.message, code: 'request:invalid' });
    }
    if (isTransientError(error)) {
      // The database (or Redis) is briefly away: "try again", never an auth failure.
      request.log.warn({ err: error }, 'dependency unavailable');
      return reply
        .code(503)
        .header('Retry-After', '5')
        .send(body({ message: UNAVAILABLE_MESSAGE, code: 'unavailable' }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(body(internalErrorBody()));
  });
}
