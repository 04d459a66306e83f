import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { FileService } from '../files/service.js';
import type { EventBus } from '../lib/events.js';
import type { AttemptLimiter } from '../lib/limits/limiter.js';
import type { MemoryService } from '../memory/service.js';
import type { SharingService } from '../sharing/service.js';
import { ArchiveJobRepository } from './job-repository.js';
import { ArchiveRepository } from './repository.js';
import { archiveRoutes } from './routes.js';
import { ArchiveService } from './service.js';

/** The user's data archive ("Download my data"); the app runs its sweeper (`startSweeper`/`stop`). */
export function createTakeoutModule(deps: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  events: EventBus;
  auth: Authenticator;
  limiter: AttemptLimiter;
  sharing: SharingService;
  files: FileService;
  memory: Pick<MemoryService, 'get'>;
}) {
  const archives = new ArchiveService(
    new ArchiveRepository(deps.db),
    new ArchiveJobRepository(deps.db),
    deps.sharing,
    deps.files,
    deps.memory,
    deps.limiter,
    {
      dir: path.join(deps.config.DATA_DIR, 'archives'),
      perDay: deps.config.ARCHIVES_PER_DAY,
      keepMs: deps.config.ARCHIVE_KEEP_MINUTES * 60_000,
    },
    deps.log,
  );
  deps.events.on('user.deleting', ({ userId, trx }) => archives.deleteAllOf(userId, trx));
  return { archives, routes: archiveRoutes(deps.auth, archives) };
}
