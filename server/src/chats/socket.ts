import { type AckResult, broadcastSchema, clientIdSchema } from '@neura/contract';
import { AppError } from '../errors.js';
import { parse } from '../lib/validate.js';
import { type SessionHandler, userRoom } from '../realtime/realtime.js';
import type { ChatService } from './service.js';

type Ack<T> = ((response: AckResult<T>) => void) | undefined;

/** Runs a handler and answers its ack with the result or `{ error: { message, code } }`. */
async function answer<T>(ack: Ack<T>, work: () => Promise<T>, log: (error: unknown) => void): Promise<void> {
  try {
    const result = await work();
    if (typeof ack === 'function') ack(result);
  } catch (error) {
    if (!(error instanceof AppError)) log(error);
    const body =
      error instanceof AppError
        ? error.toBody()
        : { message: 'Something went wrong on our side. Please try again later.', code: 'internal' };
    if (typeof ack === 'function') ack({ error: body });
  }
}

/** Chat handlers on /session: createChat, deleteChat, broadcast, generateName, reloadChat. */
export const chatSocketHandlers =
  (chats: ChatService, logError: (error: unknown) => void): SessionHandler =>
  (socket, principal) => {
    const userId = principal.user.id;

    socket.on('createChat', (persona, ack) =>
      answer(ack, async () => ({ id: (await chats.create(userId, parse(clientIdSchema, persona))).id }), logError),
    );

    socket.on('deleteChat', (chatId, ack) =>
      answer(
        ack,
        async () => {
          await chats.delete(userId, parse(clientIdSchema, chatId));
          return { success: true as const };
        },
        logError,
      ),
    );

    // Relays chat.renamed / chat.updated to the user's OTHER sessions (never to other users).
    socket.on('broadcast', (payload, ack) =>
      answer(
        ack,
        async () => {
          const parsed = broadcastSchema.safeParse(payload);
          if (!parsed.success) {
            throw new AppError('request:invalid', 'Only chat.renamed and chat.updated can be broadcast.');
          }
          const { event, data } = parsed.data;
          await chats.getOwnedChat(userId, data.chatId);
          const others = socket.to(userRoom(userId));
          if (event === 'chat.renamed') others.emit('chat.renamed', data);
          else others.emit('chat.updated', data);
          return { success: true as const };
        },
        logError,
      ),
    );

    socket.on('generateName', (chatId, ack) =>
      answer(ack, async () => ({ name: await chats.generateName(userId, parse(clientIdSchema, chatId)) }), logError),
    );

    socket.on('reloadChat', (chatId, ack) =>
      answer(
        ack,
        async () => {
          const id = parse(clientIdSchema, chatId);
          const messages = await chats.latestMessages(userId, id);
          socket.emit('chat.messages', { chatId: id, messages });
          return { success: true as const };
        },
        logError,
      ),
    );
  };
