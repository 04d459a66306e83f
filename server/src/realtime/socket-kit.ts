import type { Socket } from 'socket.io';
import type { z } from 'zod';
import { AppError } from '../errors.js';
import { parse } from '../lib/validate.js';
import type { SocketData } from './realtime.js';

const INTERNAL = { message: 'Something went wrong on our side. Please try again later.', code: 'internal' };

/**
 * The socket handler kit (minimal version; the seams-server branch owns the full one): validates
 * the payload with `schema` (`request:invalid` on failure), calls the handler, and answers the ack
 * (when the client sent one) with the handler's result or `{ error: { message, code } }`.
 * AppError → its body; anything else is logged and answered with code `internal`.
 * The payload is the event's first argument; a trailing function is the ack.
 */
export function on<S extends z.ZodType, R>(
  socket: Socket,
  event: string,
  schema: S,
  handler: (input: z.output<S>, ctx: { userId: string; socket: Socket }) => Promise<R> | R,
): void {
  socket.on(event, async (...args: unknown[]) => {
    const last = args[args.length - 1];
    const ack = typeof last === 'function' ? (args.pop() as (response: unknown) => void) : undefined;
    try {
      const userId = (socket.data as SocketData).principal?.user.id;
      if (!userId) throw new AppError('auth:required', 'You need to be signed in to do that.');
      const input = parse(schema, args[0]);
      const result = await handler(input, { userId, socket });
      ack?.(result);
    } catch (error) {
      if (error instanceof AppError) {
        ack?.({ error: error.toBody() });
        return;
      }
      console.error(`socket handler "${event}" failed`, error);
      ack?.({ error: INTERNAL });
    }
  });
}
