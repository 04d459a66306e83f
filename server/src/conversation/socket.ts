import type { ErrorBody } from '@neura/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../errors.js';
import type { SessionHandler } from '../realtime/realtime.js';
import type { ConversationService } from './service.js';

const INTERNAL: ErrorBody = { message: 'Something went wrong on our side. Please try again later.', code: 'internal' };

function errorBody(error: unknown, log: FastifyBaseLogger): ErrorBody {
  if (error instanceof AppError) return error.toBody();
  log.error({ err: error }, 'conversation socket handler failed');
  return INTERNAL;
}

type AckFn = ((response: unknown) => void) | undefined;
const safeAck = (ack: unknown): AckFn => (typeof ack === 'function' ? (ack as (r: unknown) => void) : undefined);

/** sendMessage and stopMessage on /session (generateName and reloadChat belong to chats/socket.ts). */
export const conversationSocket =
  (conversation: ConversationService, log: FastifyBaseLogger): SessionHandler =>
  (socket, principal) => {
    const userId = principal.user.id;
    const handle = (work: () => Promise<unknown>, ack: unknown) => {
      const reply = safeAck(ack);
      work().then(
        (result) => reply?.(result),
        (error: unknown) => reply?.({ error: errorBody(error, log) }),
      );
    };

    socket.on('sendMessage', (payload, ack) => handle(() => conversation.send(userId, payload), ack));
    socket.on('stopMessage', (payload, ack) =>
      handle(async () => {
        await conversation.stop(userId, payload);
        return { success: true };
      }, ack),
    );
  };
