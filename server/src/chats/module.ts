import type { Authenticator, Principal } from '../auth/authenticate.js';
import type { UserLookup } from '../auth/user.js';
import type { Db } from '../db/database.js';
import type { EventBus } from '../lib/events.js';
import type { PersonaService } from '../personas/service.js';
import type { Realtime } from '../realtime/realtime.js';
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

/** Chats: the user's chat list, its socket events and `ready` on connect. */
export function createChatsModule({ db, events, auth, users, personas, realtime }: ChatsModuleDeps) {
  const chats = new ChatRepository(db);
  const chatService = new ChatService(chats, personas, users, events);
  realtime.onSession(sessionReady(chats));
  realtime.onSession(chatSocketHandlers(chatService));
  events.on('user.deleting', ({ userId, trx }) => chats.deleteAllOf(userId, trx));
  return { chats, chatService, routes: chatRoutes(auth, chatService) };
}
