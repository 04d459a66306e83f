import type { Authenticator } from '../auth/authenticate.js';
import { CHAT_NOT_FOUND, type ChatService } from '../chats/service.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import type { EventBus } from '../lib/events.js';
import type { PersonaService } from '../personas/service.js';
import { memoryForReply, type ReplyPlace } from './context.js';
import { MemoryRepository } from './repository.js';
import { memoryRoutes } from './routes.js';
import { MemoryService } from './service.js';

/**
 * Memory (issue #44): "about me" and remembered items, private to their user. The conversation
 * asks `forReply` for each reply (the section, the `remember`/`forget` tools, the receipt's part);
 * items go with their user, chat or persona.
 */
export function createMemoryModule(deps: {
  config: Config;
  db: Db;
  events: EventBus;
  auth: Authenticator;
  personas: Pick<PersonaService, 'usableBy'>;
  chats: Pick<ChatService, 'ownedRow'>;
}) {
  const repo = new MemoryRepository(deps.db, deps.config.database.kind);
  const memory = new MemoryService(
    deps.db,
    repo,
    deps.events,
    {
      persona: (userId, personaId) => deps.personas.usableBy(personaId, userId),
      // A temporary chat has no memory (issue #49): it is not a place to remember things in.
      chat: async (userId, chatId) => {
        const row = await deps.chats.ownedRow(userId, chatId);
        if (row.temporary) throw new AppError('not-found', CHAT_NOT_FOUND);
        return row;
      },
    },
    deps.config.MEMORY_ITEMS_MAX,
  );
  deps.events.on('user.deleting', ({ userId, trx }) => repo.deleteAllOf(userId, trx));
  const budgets = { tokens: deps.config.MEMORY_CONTEXT_TOKENS, proTokens: deps.config.MEMORY_CONTEXT_TOKENS_PRO };
  return {
    memory,
    forReply: (place: ReplyPlace) => memoryForReply({ repo, service: memory, budgets }, place),
    routes: memoryRoutes(deps.auth, memory),
  };
}
