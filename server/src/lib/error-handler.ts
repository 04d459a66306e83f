import { UNAVAILABLE_MESSAGE } from '@neura/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, internalErrorBody } from '../errors.js';
import { requestLocale, translateMessage } from '../i18n/catalog.js';
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

/** An error body (`{ message, code }`, maybe more) that has no `requestId` yet. */
function isErrorBodyWithoutId(payload: unknown): payload is { message: string; code: string } {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return false;
  const body = payload as Record<string, unknown>;
  return typeof body.code === 'string' && typeof body.message === 'string' && body.requestId === undefined;
}

/**
 * One error shape for every route: `{ message, code, requestId }` with the right status; no
 * internals on 5xx. `requestId` is the request's id, the `reqId` of its log lines (and its
 * `X-Request-Id` header), so a user's report of an error leads to them. It is added to every error
 * body, 4xx and 5xx, wherever the body was built (this handler, the not-found handler, the input
 * guard, a route answering its own 4xx), by one `preSerialization` hook: install this before any
 * route. Errors of the database or Redis are told to `onDependencyError`.
 */
export function installErrorHandler(
  app: FastifyInstance,
  onDependencyError?: (dependency: 'database' | 'redis') => void,
): void {
  // The message in the user's language (issue #43): the signed-in user's, else the Accept-Language's.
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (reply.statusCode < 400 || !isErrorBodyWithoutId(payload)) return payload;
    const locale = requestLocale(request.headers['accept-language'], request.principal?.user.locale);
    return { ...payload, message: translateMessage(payload.message, locale), requestId: request.id };
  });
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
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
      return reply.code(503).header('Retry-After', '5').send({ message: UNAVAILABLE_MESSAGE, code: 'unavailable' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(internalErrorBody());
  });
}
