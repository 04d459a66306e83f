import { UNAVAILABLE_MESSAGE } from '@neura/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, internalErrorBody } from '../errors.js';
import { isTransientError } from './transient.js';

/** One error shape for every route: `{ message, code }` with the right status; no internals on 5xx. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.code(error.status).send(error.toBody());
    }
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
