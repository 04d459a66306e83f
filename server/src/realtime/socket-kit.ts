import {
  type ClientEventMap,
  type EventAck,
  type EventInput,
  sessionClientEvents,
  UNAVAILABLE_MESSAGE,
  voiceClientEvents,
} from '@neura/contract';
import type { z } from 'zod';
import { AppError, INTERNAL_ERROR_MESSAGE, internalErrorBody } from '../errors.js';
import { requestLocale, translateMessage } from '../i18n/catalog.js';
import { newId } from '../lib/ids.js';
import { currentRequestId, runWithRequestId } from '../lib/request-context.js';
import { inSpan } from '../lib/spans.js';
import { isTransientError } from '../lib/transient.js';
import { parse } from '../lib/validate.js';
import type { SocketData } from './realtime.js';

/**
 * The minimal socket the kit needs (any namespace's typed socket fits): it listens to any event
 * name and carries the principal and logger the realtime server put in `data`.
 */
export interface KitSocket {
  // biome-ignore lint/suspicious/noExplicitAny: socket.io's typed `on` differs per namespace; the kit validates payloads itself.
  on: (event: any, listener: (...args: any[]) => void) => unknown;
  data: SocketData;
}

export interface SocketContext<S extends KitSocket = KitSocket> {
  userId: string;
  socket: S;
}

/** A handler of one event of `M`: its validated input in, its ack's success body out. */
export type EventHandler<M extends ClientEventMap, E extends keyof M, K extends KitSocket = KitSocket> = (
  input: EventInput<M[E]>,
  ctx: SocketContext<K>,
) => Promise<EventAck<M[E]>> | EventAck<M[E]>;

/**
 * The handler kit of one namespace's client event map (the contract's event → schema → ack).
 * `kit.on(socket, event, handler)` is the one way to handle a client event: the event's schema
 * comes from the map and validates the payload (a `request:invalid` error when it does not fit),
 * the handler runs and the ack, when the client sent one, answers the handler's result (typed by
 * the map) or `{ error: { message, code, requestId } }` (an AppError's own body; the database or
 * Redis briefly away is `unavailable`, like the HTTP 503; anything else is logged and answered
 * with code `internal`). `requestId` is the event's own id, the `reqId` of every line logged
 * while it was handled (a refusal logs one line too).
 */
export function socketKit<M extends ClientEventMap>(events: M) {
  return {
    on<E extends keyof M & string, K extends KitSocket>(socket: K, event: E, handler: EventHandler<M, E, K>): void {
      listen(socket, event, (events[event] as M[E]).schema, handler);
    },
  };
}

/** The kit of /session's client events. */
export const sessionKit = socketKit(sessionClientEvents);
/** The kit of /voice's client events. */
export const voiceKit = socketKit(voiceClientEvents);

function listen<K extends KitSocket>(
  socket: K,
  event: string,
  schema: z.ZodType,
  handler: (input: never, ctx: SocketContext<K>) => unknown,
): void {
  const handle = async (args: unknown[]) => {
    const ack = typeof args.at(-1) === 'function' ? (args.pop() as (response: unknown) => void) : undefined;
    const requestId = currentRequestId();
    // A refusal in the user's language (issue #43).
    const inUserLocale = (message: string) =>
      translateMessage(message, requestLocale(undefined, socket.data.principal?.user.locale));
    try {
      const userId = socket.data.principal?.user.id;
      if (!userId) throw new AppError('auth:required', 'You need to be signed in to do that.');
      const input = parse(schema, args[0]);
      const result = await handler(input as never, { userId, socket });
      ack?.(result);
    } catch (error) {
      if (error instanceof AppError) {
        // An expected refusal: one line, so the ack's requestId leads to the event in the logs.
        socket.data.log?.info({ event, code: error.code }, 'socket event refused');
        ack?.({ error: { ...error.toBody(), message: inUserLocale(error.message), requestId } });
        return;
      }
      if (isTransientError(error)) {
        socket.data.log?.warn({ err: error, event }, 'dependency unavailable');
        ack?.({ error: { message: inUserLocale(UNAVAILABLE_MESSAGE), code: 'unavailable', requestId } });
        return;
      }
      socket.data.log?.error({ err: error, event }, 'socket handler failed');
      ack?.({ error: { ...internalErrorBody(), message: inUserLocale(INTERNAL_ERROR_MESSAGE), requestId } });
    }
  };
  // Each event runs with its own request id: its log lines and error ack carry it.
  socket.on(event, (...args: unknown[]) =>
    runWithRequestId(newId(), () => inSpan(`socket ${event}`, () => handle(args))),
  );
}
