import type { FastifyBaseLogger } from 'fastify';
import type { Authenticator, Principal } from '../auth/authenticate.js';
import type { UserLookup } from '../auth/user.js';
import type { Db } from '../db/database.js';
import type { AppJob, AppJobs } from '../jobs/module.js';
import type { EventBus } from '../lib/events.js';
import type { PersonaService } from '../personas/service.js';
import type { Realtime } from '../realtime/realtime.js';
import { FolderRepository } from './folder-repository.js';
import { FolderService } from './folder-service.js';
import { ChatRepository } from './repository.js';
import { chatRoutes } from './routes.js';
import { ChatService } from './service.js';
import { chatSocketHandlers, sessionReady } from './socket.js';
import { temporaryGrace } from './temporary-grace.js';

export interface ChatsModuleDeps {
  db: Db;
  events: EventBus;
  auth: Authenticator;
  users: UserLookup;
  personas: PersonaService;
  realtime: Realtime<Principal>;
  /** The job queue: a temporary chat's grace after its tab went away is a job. */
  queue: AppJobs;
  log: FastifyBaseLogger;
  /** TEMPORARY_CHAT_GRACE_MS. */
  temporaryGraceMs: number;
}

/** How often temporary chats past their 24 h are looked for. */
const EXPIRE_TEMPORARY_EVERY_MS = 10 * 60_000;

/**
 * Chats: the user's chat list, its socket events and `ready` on connect; folders (issue #49); the
 * jobs that delete temporary chats 24 h after their last message, or once no tab holds them.
 */
export function createChatsModule(deps: ChatsModuleDeps) {
  const { db, events, auth, users, personas, realtime } = deps;
  const chats = new ChatRepository(db);
  const folderRepository = new FolderRepository(db);
  const chatService = new ChatService(chats, personas, users, events, folderRepository);
  const folders = new FolderService(db, folderRepository, chats, events);
  realtime.onSession(sessionReady(chats));
  realtime.onSession(chatSocketHandlers(chatService));
  const grace = temporaryGrace({
    chats: chatService,
    jobs: deps.queue,
    realtime,
    events,
    log: deps.log,
    graceMs: deps.temporaryGraceMs,
  });
  realtime.onSession(grace.handlers);
  events.on('user.deleting', async ({ userId, trx }) => {
    await chats.deleteAllOf(userId, trx);
    await folderRepository.deleteAllOf(userId, trx);
  });
  const jobs: AppJob[] = [
    {
      name: 'chats.expire-temporary',
      every: EXPIRE_TEMPORARY_EVERY_MS,
      firstAfterMs: 60_000,
      run: (_payload, { now }) => chatService.expireTemporary(now),
    },
    { name: 'chats.end-temporary', backoffMs: 30_000, run: (payload) => grace.end(payload) },
  ];
  return {
    chats,
    chatService,
    folders,
    jobs,
    routes: chatRoutes(auth, chatService, folders),
  };
}
