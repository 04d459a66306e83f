import type { Db, Executor } from '../db/database.js';
import type { JobsTable } from '../db/jobs-table.js';
import { newId } from '../lib/ids.js';

export type JobRow = JobsTable;

export interface NewJob {
  name: string;
  payload: unknown;
  runAt: string;
  maxAttempts: number;
  /** Unique: a second job with the same key is not added (a recurring schedule's row). */
  key?: string;
  /** With `key`: a job not running under that key is moved to this `runAt` (and payload) instead. */
  reschedule?: boolean;
}

/**
 * The only writer of `jobs` (issue #42). Claims are one statement, safe across processes: SQLite
 * runs an `UPDATE … RETURNING` under its single write lock; PostgreSQL picks the rows with
 * `FOR UPDATE SKIP LOCKED`, so concurrent claimers take different rows and never wait on each other.
 */
export class JobRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: 'sqlite' | 'postgres',
  ) {}

  /** Adds a job; answers false when its key is taken (the job exists already, and was not rescheduled). */
  async add(job: NewJob, now: string, trx: Executor = this.db): Promise<boolean> {
    const result = await trx
      .insertInto('jobs')
      .values({
        id: newId(),
        name: job.name,
        key: job.key ?? null,
        payload: JSON.stringify(job.payload ?? null),
        status: 'queued',
        attempts: 0,
        max_attempts: job.maxAttempts,
        run_at: job.runAt,
        locked_by: null,
        locked_until: null,
        last_error: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        job.reschedule
          ? oc
              .column('key')
              .doUpdateSet({
                payload: JSON.stringify(job.payload ?? null),
                run_at: job.runAt,
                status: 'queued',
                attempts: 0,
                last_error: null,
                updated_at: now,
              })
              .where('jobs.status', '<>', 'running')
          : oc.column('key').doNothing(),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * Claims up to `limit` due jobs of `names` for `worker` until `leaseUntil`: queued ones whose
   * time has come, and running ones whose lease ran out (their process died). Each claim counts
   * as an attempt.
   */
  async claim(names: string[], worker: string, now: string, leaseUntil: string, limit: number): Promise<JobRow[]> {
    if (names.length === 0) return [];
    let due = this.db
      .selectFrom('jobs')
      .select('id')
      .where('name', 'in', names)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
          eb.and([eb('status', '=', 'running'), eb('locked_until', '<=', now)]),
        ]),
      )
      .orderBy('run_at')
      .limit(limit);
    if (this.dialect === 'postgres') due = due.forUpdate().skipLocked();
    return this.db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        locked_by: worker,
        locked_until: leaseUntil,
        attempts: eb('attempts', '+', 1),
        updated_at: now,
      }))
      .where('id', 'in', due)
      .returningAll()
      .execute();
  }

  /** Keeps a running job's claim (its handler is still at work). */
  async renew(id: string, worker: string, leaseUntil: string): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ locked_until: leaseUntil })
      .where('id', '=', id)
      .where('locked_by', '=', worker)
      .execute();
  }

  /** A one-off job that ended: deleted (only while this worker holds it). */
  async remove(id: string, worker: string): Promise<void> {
    await this.db.deleteFrom('jobs').where('id', '=', id).where('locked_by', '=', worker).execute();
  }

  /** Queued again for `runAt` (a retry, or a recurring job's next run); `attempts` kept unless reset. */
  async requeue(
    id: string,
    worker: string,
    runAt: string,
    now: string,
    options: { error?: string; resetAttempts?: boolean } = {},
  ): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({
        status: 'queued',
        run_at: runAt,
        locked_by: null,
        locked_until: null,
        updated_at: now,
        last_error: options.error ?? null,
        ...(options.resetAttempts ? { attempts: 0 } : {}),
      })
      .where('id', '=', id)
      .where('locked_by', '=', worker)
      .execute();
  }

  /** Out of attempts: kept as `failed` with its last error. */
  async markFailed(id: string, worker: string, error: string, now: string): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ status: 'failed', locked_by: null, locked_until: null, last_error: error, updated_at: now })
      .where('id', '=', id)
      .where('locked_by', '=', worker)
      .execute();
  }

  /** A recurring job asked to run now (when queued; a running one is left alone). */
  async runSoon(key: string, now: string): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ run_at: now, updated_at: now })
      .where('key', '=', key)
      .where('status', '=', 'queued')
      .where('run_at', '>', now)
      .execute();
  }

  async find(filter: { name?: string; key?: string }): Promise<JobRow[]> {
    let query = this.db.selectFrom('jobs').selectAll();
    if (filter.name !== undefined) query = query.where('name', '=', filter.name);
    if (filter.key !== undefined) query = query.where('key', '=', filter.key);
    return query.orderBy('created_at').execute();
  }
}
