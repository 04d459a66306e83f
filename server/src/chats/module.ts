import type { Authenticator, Principal } from '../auth/authenticate.js';
import type { UserLookup } from '../auth/user.js';
import type { Db } from '../db/database.js';
import type { AppJob } from '../jobs/module.js';
import type { EventBus } from '../lib/events.js';
import type { PersonaService } from '../personas/service.js';
import type { Realtime } from '../realtime/realtime.js';
import { FolderRepository } from './folder-repository.js';
import { FolderService } from './folder-service.js';
import { ChatRepository } from './repository.js';
import { chatRoutes } from './routes.js';
import { ChatService } from './service.js';
import { chatSocketHandlers, sessionReady } from './socket.js';

export interface ChatsModuleDeps {
  db: Db;
  events: EventBus;
  auth: Authenticator;
  users: UserLookup;
  personas: PersonaService;
  realtime: Realtime<Principal>;
}

/** How often temporary chats past their 24 h are looked for. */
const EXPIRE_TEMPORARY_EVERY_MS = 10 * 60_000;

/**
 * Chats: the user's chat list, its socket events and `ready` on connect; folders (issue #49); the
 * job that deletes temporary chats 24 h after their last message.
 */
export function createChatsModule({ db, events, auth, users, personas, realtime }: ChatsModuleDeps) {
  const chats = new ChatRepository(db);
  const folderRepository = new FolderRepository(db);
  const chatService = new ChatService(chats, personas, users, events, folderRepository);
  const folders = new FolderService(db, folderRepository, chats, events);
  realtime.onSession(sessionReady(chats));
  realtime.onSession(chatSocketHandlers(chatService));
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
  ];
  return {
    chats,
    chatService,
    folders,
    jobs,
    routes: chatRoutes(auth, chatService, folders),
  };
}
