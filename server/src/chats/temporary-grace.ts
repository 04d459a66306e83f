import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../auth/authenticate.js';
import { AppError } from '../errors.js';
import type { AppJobs } from '../jobs/module.js';
import type { EventBus } from '../lib/events.js';
import { socketDataOf } from '../realtime/presence.js';
import type { Realtime, SessionHandler } from '../realtime/realtime.js';
import { sessionKit } from '../realtime/socket-kit.js';
import type { ChatService } from './service.js';

export interface TemporaryGraceDeps {
  chats: ChatService;
  jobs: AppJobs;
  realtime: Realtime<Principal>;
  events: EventBus;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** TEMPORARY_CHAT_GRACE_MS: how long a temporary chat outlives the last socket that held it. */
  graceMs: number;
}

const graceKey = (chatId: string) => `temporary-grace:${chatId}`;
const isNotFound = (error: unknown) => error instanceof AppError && error.code === 'not-found';

/**
 * A temporary chat whose tab died without saying goodbye (issue #49: a crashed or killed tab sends
 * no `pagehide`). A socket holds the temporary chat it made, or the one it names with
 * `temporaryChat` (on every connect); when a holding socket disconnects, the job
 * `chats.end-temporary` is set for the grace later (a row of `jobs`: it survives restarts; a later
 * disconnect moves it). When it runs and no socket of the user, on any process, holds the chat,
 * the chat is deleted, rows and files; a reconnect within the grace (a network blip) keeps it.
 */
export function temporaryGrace({ chats, jobs, realtime, events, log, graceMs }: TemporaryGraceDeps) {
  // The socket that made a temporary chat holds it (it is announced to that socket only).
  events.on('chat.created', ({ chat, socketId }) => {
    if (!chat.temporary || !socketId || !realtime.attached) return;
    const socket = realtime.session.sockets.get(socketId);
    if (socket) socket.data.temporaryChatId = chat.id;
  });

  const schedule = (userId: string, chatId: string) =>
    jobs
      .enqueue(
        'chats.end-temporary',
        { userId, chatId },
        { runAt: Date.now() + graceMs, key: graceKey(chatId), reschedule: true },
      )
      .catch((error: unknown) => log.warn({ err: error, chatId }, 'temporary chat grace not scheduled'));

  const handlers: SessionHandler<Principal> = (socket, principal) => {
    sessionKit.on(socket, 'temporaryChat', async ({ chatId }, { userId }) => {
      // Another user's chat is a 404; a chat that is not temporary is held by nobody.
      const row = chatId === null ? undefined : await chats.ownedRow(userId, chatId);
      socket.data.temporaryChatId = row?.temporary ? row.id : undefined;
      return { success: true as const };
    });
    socket.on('disconnect', () => {
      const chatId = socket.data.temporaryChatId;
      if (chatId) void schedule(principal.user.id, chatId);
    });
  };

  /** The job: deletes the chat unless one of the user's sockets holds it again. */
  const end = async ({ userId, chatId }: { userId: string; chatId: string }): Promise<void> => {
    const row = await chats.ownedRow(userId, chatId).catch((error: unknown) => {
      if (isNotFound(error)) return undefined;
      throw error;
    });
    if (!row?.temporary) return;
    // Other processes unreachable (Redis away): this throws and the job is tried again later.
    const holders = realtime.attached ? await socketDataOf(realtime.session, userId) : [];
    if (holders.some((data) => data.temporaryChatId === chatId)) return;
    await chats.delete(userId, chatId).catch((error: unknown) => {
      if (!isNotFound(error)) throw error;
    });
  };

  return { handlers, end };
}
