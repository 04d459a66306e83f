import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { FileService } from '../files/service.js';
import type { AppJob, AppJobs } from '../jobs/module.js';
import type { EventBus } from '../lib/events.js';
import type { LifecyclePart } from '../lib/lifecycle.js';
import type { AttemptLimiter } from '../lib/limits/limiter.js';
import type { MemoryService } from '../memory/service.js';
import type { SharingService } from '../sharing/service.js';
import { ArchiveJobRepository } from './job-repository.js';
import { ArchiveRepository } from './repository.js';
import { archiveRoutes } from './routes.js';
import { ArchiveService } from './service.js';

/** The user's data archive ("Download my data"): its routes, its sweep job, and its stop (running builds end). */
export function createTakeoutModule(deps: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  events: EventBus;
  auth: Authenticator;
  limiter: AttemptLimiter;
  sharing: SharingService;
  files: FileService;
  /** Builds run as `archives.build` jobs, in whichever process claims them. */
  jobs: Pick<AppJobs, 'enqueue'>;
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
      enqueueBuild: (build) => deps.jobs.enqueue('archives.build', build),
      onReady: (userId) => void deps.events.emit('archive.ready', { userId }),
    },
    deps.log,
  );
  deps.events.on('user.deleting', ({ userId, trx }) => archives.deleteAllOf(userId, trx));
  /** Every minute, one process at a time: dead builds failed, archives over their time deleted. */
  const jobs: AppJob[] = [
    // One try: a build that failed is failed (the user starts another); a process that died
    // mid-build leaves a row the sweep fails.
    { name: 'archives.build', maxAttempts: 1, run: (build, { signal }) => archives.build(build, signal) },
    { name: 'archives.sweep', every: 60_000, run: (_payload, { now }) => archives.sweep(now) },
  ];
  /** On shutdown no new build starts and running ones end (failed, their files deleted). */
  const part: LifecyclePart = { name: 'takeout', stop: () => archives.stop() };
  return { archives, routes: archiveRoutes(deps.auth, archives), jobs, part };
}
