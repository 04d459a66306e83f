import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyMigratedSqlite, createPostgresDatabase, testDbKind } from '../../test-kit/src/server/database.js';
import { createDb, type Db, migrateToLatest } from '../src/db/database.js';
import { type JobOutcome, JobQueue } from '../src/jobs/queue.js';
import { JobRepository } from '../src/jobs/repository.js';
import { describeOnceWithServices } from './helpers/services-env.js';

/** The test's own job names (the app's are in jobs/names.ts). */
interface TestJobs {
  work: { n: number };
  flaky: Record<string, never>;
  tick: Record<string, never>;
}
const NAMES = ['work', 'flaky', 'tick'] as const;

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** `count` connections to one fresh database: SQLite file (each its own connection) or PostgreSQL. */
async function openDbs(count: number, kind = testDbKind()): Promise<{ dbs: Db[]; kind: 'sqlite' | 'postgres' }> {
  let config: Parameters<typeof createDb>[0];
  // From the run's migrated template (what is tested is the queue, not the migrations); without
  // one, migrateToLatest below migrates the empty database.
  if (kind === 'postgres') {
    const pg = await createPostgresDatabase({ migrated: true });
    cleanups.push(pg.drop);
    config = { kind: 'postgres', url: pg.url };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-jobs-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    copyMigratedSqlite(path.join(dir, 'neura.db'));
    config = { kind: 'sqlite', file: path.join(dir, 'neura.db') };
  }
  const dbs: Db[] = [];
  for (let i = 0; i < count; i++) {
    const db = createDb(config);
    cleanups.push(() => db.destroy());
    dbs.push(db);
  }
  await migrateToLatest(dbs[0] as Db);
  return { dbs, kind };
}

/** A queue on `db`; `pollMs` 0: no polling, the test's rounds (`runDue`) are its clock. */
function queueOn(db: Db, kind: 'sqlite' | 'postgres', outcomes: JobOutcome[] = [], concurrency = 4, pollMs = 20) {
  const queue = new JobQueue<TestJobs>(new JobRepository(db, kind), {
    names: NAMES,
    concurrency,
    pollMs,
    onOutcome: (_name, outcome) => outcomes.push(outcome),
  });
  cleanups.push(() => queue.stop());
  return queue;
}

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const noop = async () => undefined;

/** Two claimers on two connections, claiming the same jobs at once: each job runs exactly once. */
async function claimRace(kind: 'sqlite' | 'postgres') {
  const { dbs } = await openDbs(2, kind);
  const ran: number[] = [];
  const queues = dbs.map((db) => {
    const queue = queueOn(db, kind, [], 3);
    queue.define({ name: 'work', run: async ({ n }) => void ran.push(n) });
    queue.define({ name: 'flaky', run: noop });
    queue.define({ name: 'tick', run: noop });
    return queue;
  });
  for (let n = 0; n < 40; n++) await queues[0]?.enqueue('work', { n }, { runAt: T0 });
  for (let round = 0; round < 20 && ran.length < 40; round++) await Promise.all(queues.map((q) => q.runDue(T0)));
  expect(ran.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
  expect(await new JobRepository(dbs[0] as Db, kind).find({ name: 'work' })).toEqual([]);
}

describe('job queue', () => {
  it('should run each job once when two connections claim at once', async () => {
    await claimRace(testDbKind());
  });

  it('should retry a failed job after its backoff, then remove it once it succeeds', async () => {
    const { dbs, kind } = await openDbs(1);
    const outcomes: JobOutcome[] = [];
    const queue = queueOn(dbs[0] as Db, kind, outcomes);
    const attempts: number[] = [];
    queue.define({
      name: 'flaky',
      backoffMs: 30_000,
      run: async (_payload, { attempt }) => {
        attempts.push(attempt);
        if (attempt === 1) throw new Error('provider down');
      },
    });
    queue.define({ name: 'work', run: noop });
    queue.define({ name: 'tick', run: noop });
    await queue.enqueue('flaky', {}, { runAt: T0 });
    expect(await queue.runDue(T0)).toBe(1);
    const [waiting] = await new JobRepository(dbs[0] as Db, kind).find({ name: 'flaky' });
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, last_error: 'provider down' });
    expect(waiting?.run_at).toBe(new Date(T0 + 30_000).toISOString());
    expect(await queue.runDue(T0 + 29_999)).toBe(0);
    expect(await queue.runDue(T0 + 30_000)).toBe(1);
    expect(attempts).toEqual([1, 2]);
    expect(outcomes).toEqual(['retry', 'complete']);
    expect(await new JobRepository(dbs[0] as Db, kind).find({ name: 'flaky' })).toEqual([]);
  });

  it('should mark a job failed after its last attempt, with the doubling backoff between tries', async () => {
    const { dbs, kind } = await openDbs(1);
    const outcomes: JobOutcome[] = [];
    const queue = queueOn(dbs[0] as Db, kind, outcomes);
    queue.define({
      name: 'flaky',
      maxAttempts: 3,
      backoffMs: 1000,
      run: async () => {
        throw new Error('still down');
      },
    });
    queue.define({ name: 'work', run: noop });
    queue.define({ name: 'tick', run: noop });
    await queue.enqueue('flaky', {}, { runAt: T0 });
    expect(await queue.runDue(T0)).toBe(1);
    expect(await queue.runDue(T0 + 1000)).toBe(1);
    expect(await queue.runDue(T0 + 2999)).toBe(0); // the second retry waits 2 s
    expect(await queue.runDue(T0 + 3000)).toBe(1);
    expect(await queue.runDue(T0 + 10 * 60_000)).toBe(0);
    expect(outcomes).toEqual(['retry', 'retry', 'failed']);
    const [row] = await new JobRepository(dbs[0] as Db, kind).find({ name: 'flaky' });
    expect(row).toMatchObject({ status: 'failed', attempts: 3, last_error: 'still down', locked_by: null });
  });

  it('should refuse to start while a job name has no handler, and refuse a second handler', async () => {
    const { dbs, kind } = await openDbs(1);
    const queue = queueOn(dbs[0] as Db, kind);
    queue.define({ name: 'work', run: noop });
    queue.define({ name: 'tick', run: noop });
    await expect(queue.start(T0)).rejects.toThrow('jobs without a handler: flaky');
    expect(() => queue.define({ name: 'work', run: noop })).toThrow('job "work" has two handlers');
    expect(() => queue.define({ name: 'other' as 'work', run: noop })).toThrow('unknown job "other"');
    await expect(queue.enqueue('flaky', {})).rejects.toThrow('job "flaky" has no handler');
  });

  it('should run recurring jobs once per period, in the cluster (one row) and in each process', async () => {
    const { dbs, kind } = await openDbs(2);
    const runs: string[] = [];
    const queues = dbs.map((db, i) => {
      const queue = queueOn(db, kind, [], 4, 0);
      queue.define({ name: 'tick', every: 60_000, firstAfterMs: 1000, run: async () => void runs.push(`tick${i}`) });
      queue.define({ name: 'flaky', every: 60_000, scope: 'process', run: async () => void runs.push(`local${i}`) });
      queue.define({ name: 'work', run: noop });
      return queue;
    });
    for (const queue of queues) await queue.start(T0);
    expect(await new JobRepository(dbs[0] as Db, kind).find({ key: 'every:tick' })).toHaveLength(1);
    const round = async (now: number) => {
      runs.length = 0;
      for (const queue of queues) await queue.runDue(now);
      return runs.sort();
    };
    expect(await round(T0)).toEqual(['local0', 'local1']);
    expect(await round(T0 + 999)).toEqual([]);
    expect(await round(T0 + 1000)).toEqual(['tick0']);
    expect(await round(T0 + 60_000)).toEqual(['local0', 'local1']);
    expect(await round(T0 + 60_999)).toEqual([]);
    expect(await round(T0 + 61_000)).toEqual(['tick0']);
    // Asked to run now: the next round runs it, whichever process claims it.
    await queues[1]?.runSoon('tick', T0 + 61_500);
    expect(await round(T0 + 62_000)).toEqual(['tick0']);
  });

  it('should drain on stop: a running job ends (its signal aborted) before stop resolves', async () => {
    const { dbs, kind } = await openDbs(1);
    const queue = queueOn(dbs[0] as Db, kind);
    let release: () => void = () => undefined;
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let aborted = false;
    let ended = false;
    queue.define({
      name: 'work',
      run: async (_payload, { signal }) => {
        entered();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        aborted = signal.aborted;
        ended = true;
      },
    });
    queue.define({ name: 'flaky', run: noop });
    queue.define({ name: 'tick', run: noop });
    await queue.start();
    await queue.enqueue('work', { n: 1 });
    await inside;
    let stopped = false;
    const stopping = queue.stop().then(() => {
      stopped = true;
    });
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect({ ended, aborted }).toEqual({ ended: true, aborted: true });
    expect(await new JobRepository(dbs[0] as Db, kind).find({ name: 'work' })).toEqual([]);
    await queue.enqueue('work', { n: 2 });
    expect(await queue.runDue()).toBe(0);
  });

  it('should claim again a job whose process died while running it (its lease ran out)', async () => {
    const { dbs, kind } = await openDbs(2);
    const dead = new JobRepository(dbs[0] as Db, kind);
    await dead.add({ name: 'work', payload: { n: 7 }, runAt: new Date(T0).toISOString(), maxAttempts: 3 }, 'x');
    expect(
      await dead.claim(['work'], 'dead', new Date(T0).toISOString(), new Date(T0 + 60_000).toISOString(), 5),
    ).toHaveLength(1);
    const ran: number[] = [];
    const queue = queueOn(dbs[1] as Db, kind);
    queue.define({ name: 'work', run: async ({ n }, { attempt }) => void ran.push(n, attempt) });
    queue.define({ name: 'flaky', run: noop });
    queue.define({ name: 'tick', run: noop });
    expect(await queue.runDue(T0 + 59_999)).toBe(0);
    expect(await queue.runDue(T0 + 60_000)).toBe(1);
    expect(ran).toEqual([7, 2]);
  });

  it('should fail, without running it, a job whose process died on its last try', async () => {
    const { dbs, kind } = await openDbs(1);
    const repo = new JobRepository(dbs[0] as Db, kind);
    await repo.add({ name: 'work', payload: { n: 1 }, runAt: new Date(T0).toISOString(), maxAttempts: 1 }, 'x');
    await repo.claim(['work'], 'dead', new Date(T0).toISOString(), new Date(T0 + 60_000).toISOString(), 5);
    const outcomes: JobOutcome[] = [];
    const ran: number[] = [];
    const queue = queueOn(dbs[0] as Db, kind, outcomes);
    queue.define({ name: 'work', run: async ({ n }) => void ran.push(n) });
    queue.define({ name: 'flaky', run: noop });
    queue.define({ name: 'tick', run: noop });
    expect(await queue.runDue(T0 + 60_000)).toBe(1);
    expect(ran).toEqual([]);
    expect(outcomes).toEqual(['failed']);
    const [row] = await repo.find({ name: 'work' });
    expect(row).toMatchObject({ status: 'failed', attempts: 2, last_error: 'its process ended while running it' });
  });
});

describeOnceWithServices('job queue on PostgreSQL (FOR UPDATE SKIP LOCKED)', () => {
  it('should run each job once when two pools claim at once', async () => {
    await claimRace('postgres');
  });
});
