import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The id of the HTTP request or socket event being handled, for every log line written while it
 * is (docs/DEPLOYMENT.md "Request ids"). HTTP requests use Fastify's request id; each socket event
 * gets its own. Error bodies carry it as `requestId`, so a user's report leads to its log lines.
 */
const context = new AsyncLocalStorage<{ reqId: string }>();

export function runWithRequestId<T>(reqId: string, fn: () => T): T {
  return context.run({ reqId }, fn);
}

export function currentRequestId(): string | undefined {
  return context.getStore()?.reqId;
}

/**
 * pino's `mixin`: adds `reqId` to a line written inside a request or socket event, unless the
 * logger already carries one (Fastify's `request.log`).
 */
export function requestIdMixin(
  _merge: object,
  _level: number,
  logger?: { bindings: () => Record<string, unknown> },
): Record<string, string> {
  const reqId = context.getStore()?.reqId;
  if (reqId === undefined || logger?.bindings().reqId !== undefined) return {};
  return { reqId };
}
