import type { FastifyPluginAsync } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import { ChatRepository } from '../chats/repository.js';
import type { Config } from '../config.js';
import { MessageRepository } from '../conversation/repository.js';
import type { Db } from '../db/database.js';
import type { FileService } from '../files/service.js';
import type { EventBus } from '../lib/events.js';
import type { PersonaService } from '../personas/service.js';
import { ShareRepository } from './repository.js';
import { sharingOwnerRoutes, sharingPublicRoutes } from './routes.js';
import { SharingService } from './service.js';

/** Shared links and chat exports (issue #30). */
export function createSharingModule(deps: {
  config: Config;
  db: Db;
  events: EventBus;
  auth: Authenticator;
  personas: PersonaService;
  files: FileService;
}) {
  const shares = new ShareRepository(deps.db);
  const sharing = new SharingService({
    shares,
    chats: new ChatRepository(deps.db),
    messages: new MessageRepository(deps.db),
    personas: deps.personas,
    files: deps.files,
    apiPrefix: deps.config.API_PREFIX,
    publicUrl: deps.config.PUBLIC_URL,
  });
  deps.events.on('user.deleting', ({ userId, trx }) => shares.deleteAllOf(userId, trx));
  const routes: FastifyPluginAsync[] = [
    sharingOwnerRoutes(deps.auth, sharing),
    sharingPublicRoutes(deps.auth, sharing),
  ];
  return { sharing, shares, routes };
}
