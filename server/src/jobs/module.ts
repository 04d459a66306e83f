import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import type { LifecyclePart } from '../lib/lifecycle.js';
import { JOB_NAMES, type JobPayloads } from './names.js';
import { type JobDefinition, type JobOutcome, JobQueue } from './queue.js';
import { JobRepository } from './repository.js';

/** How often the clean-ups run (uploads never sent, deleted personas); the first a minute after start. */
export const HOUSEKEEPING_EVERY_MS = 15 * 60_000;

/** The app's job queue: every name of jobs/names.ts, typed. */
export type AppJobs = JobQueue<JobPayloads>;
/** A job a feature module declares (its `jobs`). */
export type AppJob = JobDefinition<JobPayloads>;

/**
 * The job registry (issue #42). Feature modules declare their jobs; `composeModules` defines them
 * here; the lifecycle part starts the queue (refused while a name has no handler) after the parts
 * it names, and stops it (draining) before them.
 */
export function createJobsModule(deps: {
  db: Db;
  kind: 'sqlite' | 'postgres';
  log: FastifyBaseLogger;
  onOutcome?: (name: string, outcome: JobOutcome, seconds: number) => void;
}) {
  const jobs: AppJobs = new JobQueue<JobPayloads>(new JobRepository(deps.db, deps.kind), {
    names: JOB_NAMES,
    log: deps.log,
    onOutcome: deps.onOutcome,
  });
  /** Runs after `after` (what the handlers use) has started; stops before it. */
  const part = (after: string[]): LifecyclePart => ({
    name: 'jobs',
    after,
    start: () => jobs.start(),
    stop: () => jobs.stop(),
  });
  return { jobs, part };
}
