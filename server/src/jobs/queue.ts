import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/database.js';
import { newId } from '../lib/ids.js';
import type { JobRepository, JobRow } from './repository.js';

export interface JobContext {
  /** The time of the round that ran the job (tests run rounds "later" to pass timers). */
  now: number;
  /** 1 for the first try. */
  attempt: number;
  /** Aborted when the queue stops: a long job ends early (it is tried again later). */
  signal: AbortSignal;
}

interface Definition<P, N extends keyof P> {
  name: N;
  run: (payload: P[N], context: JobContext) => Promise<unknown>;
  /** Tries before a one-off job is `failed` (a recurring one then waits for its next run). Default 5. */
  maxAttempts?: number;
  /** The first retry's delay, doubled for each later one. Default 10 s. */
  backoffMs?: number;
  /** Recurring: the delay until the next run after one ends (or from `now`). */
  every?: number | ((now: number) => number);
  /** A recurring job's first run after start. Default: at once. */
  firstAfterMs?: number;
  /**
   * `cluster` (default): one row for every process sharing the database, run by one at a time.
   * `process`: a recurring job that runs in each process (work only that process's memory holds).
   */
  scope?: 'cluster' | 'process';
}

/** One job's declaration (what a feature module lists in its `jobs`), typed by its name. */
export type JobDefinition<P> = { [N in keyof P]: Definition<P, N> }[keyof P];

export type JobOutcome = 'complete' | 'retry' | 'failed';

export interface JobQueueOptions<P> {
  /** Every job name: each needs a handler before `start`. */
  names: readonly (keyof P & string)[];
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /**
   * How often the queue looks for due jobs (an enqueue in this process looks at once). Default 1 s;
   * 0: never by itself (tests run the rounds with `runDue`).
   */
  pollMs?: number;
  /** Jobs running at once in this process. Default 4. */
  concurrency?: number;
  /** Each ended try, for the metrics (`neura_jobs_total`, `neura_job_duration_seconds`). */
  onOutcome?: (name: string, outcome: JobOutcome, seconds: number) => void;
}

const iso = (ms: number) => new Date(ms).toISOString();
/**
 * A claim holds this long and is renewed while the job runs (every third of it), so a job of a
 * process that died is claimed again within a minute, and a long one that lives keeps its claim.
 */
export const LEASE_MS = 60_000;
const recurringKey = (name: string) => `every:${name}`;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * The server's one job registry (issue #42, immich's JobRepository habit): typed names, one
 * handler each (checked at `start`), jobs as rows of `jobs` claimed safely across processes,
 * retries with a doubling backoff up to `maxAttempts`, recurring schedules. `stop` drains: it
 * stops claiming, aborts the running jobs' signals and waits for them to end.
 */
export class JobQueue<P> {
  private readonly definitions = new Map<string, Definition<P, keyof P>>();
  private readonly worker = `${os.hostname()}:${process.pid}:${newId()}`;
  private readonly running = new Set<Promise<void>>();
  private readonly localNext = new Map<string, number>();
  private readonly localRunning = new Set<string>();
  private controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private stopped = false;

  constructor(
    private readonly repo: JobRepository,
    private readonly options: JobQueueOptions<P>,
  ) {}

  /** Declares a job's handler (one per name). */
  define(definition: JobDefinition<P>): void {
    const name = String(definition.name);
    if (!this.options.names.includes(name as keyof P & string)) throw new Error(`unknown job "${name}"`);
    if (this.definitions.has(name)) throw new Error(`job "${name}" has two handlers`);
    this.definitions.set(name, definition as Definition<P, keyof P>);
  }

  /**
   * Adds a job (in `trx` when given: it exists once that commits); false when `key` is taken.
   * `reschedule`: a job queued (or failed) under `key` moves to `runAt` instead.
   */
  async enqueue<N extends keyof P & string>(
    name: N,
    payload: P[N],
    options: { runAt?: number; key?: string; trx?: Executor; reschedule?: boolean } = {},
  ): Promise<boolean> {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`job "${name}" has no handler`);
    const now = Date.now();
    const added = await this.repo.add(
      {
        name,
        payload,
        runAt: iso(options.runAt ?? now),
        maxAttempts: definition.maxAttempts ?? 5,
        key: options.key,
        reschedule: options.reschedule,
      },
      iso(now),
      options.trx,
    );
    if (!options.trx) this.poke();
    return added;
  }

  /** A recurring job runs as soon as it can (when it is not running now). */
  async runSoon(name: keyof P & string, now = Date.now()): Promise<void> {
    if (this.definitions.get(name)?.scope === 'process') this.localNext.set(name, now);
    else await this.repo.runSoon(recurringKey(name), iso(now));
    this.poke();
  }

  /** Checks every name has a handler, schedules the recurring jobs, then polls. */
  async start(now = Date.now()): Promise<void> {
    const missing = this.options.names.filter((name) => !this.definitions.has(name));
    if (missing.length > 0) throw new Error(`jobs without a handler: ${missing.join(', ')}`);
    for (const definition of this.definitions.values()) {
      if (definition.every === undefined) continue;
      const name = String(definition.name);
      const first = now + (definition.firstAfterMs ?? 0);
      if (definition.scope === 'process') this.localNext.set(name, first);
      else {
        const job = { name, payload: {}, runAt: iso(first), maxAttempts: definition.maxAttempts ?? 5 };
        await this.repo.add({ ...job, key: recurringKey(name) }, iso(now));
      }
    }
    this.started = true;
    this.poke();
  }

  /**
   * One round: claims and runs the jobs due at `now` (recurring ones of this process too) and
   * waits for them; answers how many ran. The poll runs rounds; tests run them to pass timers.
   */
  async runDue(now = Date.now()): Promise<number> {
    if (this.stopped) return 0;
    const launched = await this.launchDue(now);
    await Promise.all(launched);
    return launched.length;
  }

  /** Stops claiming, aborts the running jobs' signals and waits until none runs. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.controller.abort();
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private poke(): void {
    if (this.started && !this.stopped && this.options.pollMs !== 0) this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      // Tracked, so `stop` also waits for a claim in flight (and the jobs it launches).
      void this.track(
        this.launchDue(Date.now()).catch((error) => this.options.log?.warn({ err: error }, 'jobs: could not claim')),
      ).finally(() => this.timer ?? this.schedule(this.options.pollMs ?? 1000));
    }, delay);
    this.timer.unref();
  }

  private async launchDue(now: number): Promise<Promise<void>[]> {
    const launched: Promise<void>[] = [];
    for (const [name, next] of this.localNext) {
      if (next > now || this.localRunning.has(name)) continue;
      const definition = this.definitions.get(name);
      if (definition) launched.push(this.track(this.runLocal(definition, now)));
    }
    const free = (this.options.concurrency ?? 4) - this.running.size + launched.length;
    const names = [...this.definitions.values()].filter((d) => d.scope !== 'process').map((d) => String(d.name));
    if (free <= 0 || this.stopped) return launched;
    const rows = await this.repo.claim(names, this.worker, iso(now), iso(now + LEASE_MS), free);
    for (const row of rows) launched.push(this.track(this.runClaimed(row, now)));
    return launched;
  }

  /** Counted as running until it ends; never rejects (a failure to record an outcome is logged). */
  private track(run: Promise<unknown>): Promise<void> {
    const tracked = run
      .then(() => undefined)
      .catch((error) => this.options.log?.error({ err: error }, 'jobs: could not record an outcome'))
      .finally(() => this.running.delete(tracked));
    this.running.add(tracked);
    return tracked;
  }

  private async runLocal(definition: Definition<P, keyof P>, now: number): Promise<void> {
    const name = String(definition.name);
    this.localRunning.add(name);
    const started = performance.now();
    try {
      await definition.run({} as P[keyof P], { now, attempt: 1, signal: this.controller.signal });
      this.outcome(name, 'complete', started);
    } catch (error) {
      this.options.log?.error({ err: error, job: name }, 'job failed');
      this.outcome(name, 'failed', started);
    } finally {
      this.localNext.set(name, now + nextDelay(definition, now));
      this.localRunning.delete(name);
    }
  }

  private async runClaimed(row: JobRow, now: number): Promise<void> {
    const definition = this.definitions.get(row.name);
    if (!definition) return;
    const started = performance.now();
    const recurring = definition.every !== undefined && row.key === recurringKey(row.name);
    if (row.attempts > row.max_attempts) {
      // Claimed again after its process died on the last try: that try counted.
      await this.failed(row, definition, recurring, new Error('its process ended while running it'), now, started);
      return;
    }
    const renew = setInterval(() => {
      const until = iso(Date.now() + LEASE_MS);
      void this.repo
        .renew(row.id, this.worker, until)
        .catch((error) => this.options.log?.warn({ err: error }, 'jobs: lease not renewed'));
    }, LEASE_MS / 3);
    renew.unref();
    try {
      const payload = JSON.parse(row.payload) as P[keyof P];
      await definition.run(payload, { now, attempt: row.attempts, signal: this.controller.signal });
    } catch (error) {
      await this.failed(row, definition, recurring, error, now, started);
      return;
    } finally {
      clearInterval(renew);
    }
    this.outcome(row.name, 'complete', started);
    if (recurring) {
      const next = iso(now + nextDelay(definition, now));
      await this.repo.requeue(row.id, this.worker, next, iso(now), { resetAttempts: true });
    } else await this.repo.remove(row.id, this.worker);
  }

  private async failed(
    row: JobRow,
    definition: Definition<P, keyof P>,
    recurring: boolean,
    error: unknown,
    now: number,
    started: number,
  ): Promise<void> {
    const reason = message(error);
    if (row.attempts < row.max_attempts) {
      this.options.log?.warn({ err: error, job: row.name, attempt: row.attempts }, 'job failed, retrying');
      this.outcome(row.name, 'retry', started);
      const delay = (definition.backoffMs ?? 10_000) * 2 ** (row.attempts - 1);
      await this.repo.requeue(row.id, this.worker, iso(now + delay), iso(now), { error: reason });
      return;
    }
    this.options.log?.error({ err: error, job: row.name, attempts: row.attempts }, 'job failed');
    this.outcome(row.name, 'failed', started);
    if (recurring) {
      const next = iso(now + nextDelay(definition, now));
      await this.repo.requeue(row.id, this.worker, next, iso(now), { error: reason, resetAttempts: true });
    } else await this.repo.markFailed(row.id, this.worker, reason, iso(now));
  }

  private outcome(name: string, outcome: JobOutcome, started: number): void {
    this.options.onOutcome?.(name, outcome, (performance.now() - started) / 1000);
  }
}

function nextDelay<P>(definition: Definition<P, keyof P>, now: number): number {
  const every = definition.every ?? 0;
  return typeof every === 'function' ? every(now) : every;
}
