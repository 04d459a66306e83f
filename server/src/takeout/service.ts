import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ArchiveJob } from '@neura/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/database.js';
import type { DataArchiveRow } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import type { FileService } from '../files/service.js';
import type { Limit } from '../lib/limits/limit.js';
import type { AttemptLimiter, Reservation } from '../lib/limits/limiter.js';
import type { MemoryService } from '../memory/service.js';
import type { SharingService } from '../sharing/service.js';
import { deleteOrphanFiles } from './archive-files.js';
import type { ArchiveJobRepository } from './job-repository.js';
import type { ArchiveRepository } from './repository.js';
import { type ArchiveSources, writeArchive } from './writer.js';

const DAY_MS = 24 * 60 * 60_000;
/** A build writes its progress (so says it is alive) this often; one silent for STALE_MS died. */
const HEARTBEAT_MS = 2_000;
const STALE_MS = 60_000;

export const archiveTexts = {
  notFound: 'That archive was not found. Start a new one.',
  notReady: 'That archive is not ready.',
  gone: 'That archive is no longer available. Start a new one.',
  busy: 'Your archive is being prepared. Try again in a moment.',
  perDay: (max: number) =>
    `You can prepare your data archive ${max} ${max === 1 ? 'time' : 'times'} a day, and that is used up. Try again tomorrow.`,
} as const;

/** The daily limit of archives per account (counted when a build starts). */
export const archiveLimit = (perDay: number): Limit => ({ scope: 'archive:user', max: perDay, windowMs: DAY_MS });

const iso = (ms: number) => new Date(ms).toISOString();

export interface ArchiveSettings {
  /** Where archives are written: `DATA_DIR/archives`. */
  dir: string;
  perDay: number;
  keepMs: number;
  /** Queues the build (the `archives.build` job, takeout/module.ts); without it, it runs here at once. */
  enqueueBuild?: (build: ArchiveBuild) => Promise<unknown>;
  onReady?: (userId: string) => void;
}

/** A build to run: the archive's row, its user and the daily count to give back if it fails. */
export interface ArchiveBuild {
  id: string;
  userId: string;
  reservation: Reservation;
}

/** A build running in this process. */
interface Build {
  userId: string;
  controller: AbortController;
  done: number;
  total: number;
  finished: Promise<void>;
}

/** A finished archive opened for download. */
export interface ArchiveDownload {
  stream: Readable;
  size: number;
  fileName: string;
}

/**
 * "Download my data" (issue #30; #40 M1): a `.tar.gz` of everything stored about the user (account,
 * sessions, ledger, orders, subscriptions, feedback, shared links, the personas they made, every
 * chat as JSON and Markdown, every file's bytes), built in the background with progress.
 *
 * The archive streams (writer.ts): entries go through a tar writer into zlib's deflate (on libuv's
 * threadpool; pictures and MP3s at level 0, the rest at 6) framed as gzip (`GzipFile`), with
 * backpressure, into `DATA_DIR/archives/<id>.tar.gz.part`, renamed when complete. Nothing holds
 * the archive in memory. The download streams the file and deletes it once sent whole; an
 * archive not downloaded is deleted after `keepMs`.
 *
 * Jobs are rows (`data_archives`): status and download work from any process sharing the database
 * and `DATA_DIR`. One build per account at a time (a partial unique index); starting counts against
 * `perDay` (the account limiter). `onReady` tells of a finished one (notifications/ may push it).
 */
export class ArchiveService {
  private readonly builds = new Map<string, Build>();
  private readonly limit: Limit;
  private stopping = false;

  constructor(
    private readonly repository: ArchiveRepository,
    private readonly jobs: ArchiveJobRepository,
    private readonly sharing: Pick<SharingService, 'exportData'>,
    private readonly files: Pick<FileService, 'openOwned'>,
    private readonly memory: Pick<MemoryService, 'get'>,
    private readonly limiter: Pick<AttemptLimiter, 'reserve' | 'release' | 'forget'>,
    private readonly settings: ArchiveSettings,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.limit = archiveLimit(settings.perDay);
  }

  /**
   * Starts an archive, or answers the one being built (in any process: the second insert of a
   * `building` row fails). The job is claimed first, then counted against the daily limit (429 past
   * it, and the claim is dropped), so parallel starts that join one build count once. A new build
   * replaces the account's earlier archive.
   */
  async start(userId: string): Promise<ArchiveJob> {
    if (this.stopping) throw new AppError('unavailable', archiveTexts.busy);
    const now = Date.now();
    await this.jobs.failStale(iso(now - STALE_MS), iso(now), userId);
    const row: DataArchiveRow & { status: 'building' } = {
      id: randomBytes(16).toString('base64url'),
      user_id: userId,
      status: 'building',
      done: 0,
      total: 0,
      size: null,
      file_name: `neura-data-${iso(now).slice(0, 10)}.tar.gz`,
      created_at: iso(now),
      updated_at: iso(now),
      expires_at: null,
    };
    if (!(await this.jobs.insertBuilding(row))) {
      // Another request or process is building one: that one is the answer.
      const other = await this.jobs.findBuilding(userId);
      if (other) return this.present(other);
      throw new AppError('conflict', archiveTexts.busy);
    }
    let reservation: Reservation;
    try {
      const refusal = () => new AppError('rate-limited', archiveTexts.perDay(this.settings.perDay));
      reservation = await this.limiter.reserve(this.limit, userId, 1, refusal);
    } catch (error) {
      await this.jobs.delete([row.id]);
      throw error;
    }
    await this.remove((await this.jobs.othersOf(userId, row.id)).map((r) => r.id));
    const build = { id: row.id, userId, reservation };
    if (this.settings.enqueueBuild) await this.settings.enqueueBuild(build);
    else void this.build(build);
    return this.present(row);
  }

  async status(userId: string, id: string): Promise<ArchiveJob> {
    return this.present(await this.owned(userId, id));
  }

  /** The finished archive as a stream; 404 when it is not the user's, not ready, expired or gone. */
  async open(userId: string, id: string): Promise<ArchiveDownload> {
    const row = await this.owned(userId, id);
    if (row.status !== 'ready') throw notFound(archiveTexts.notReady);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(this.pathOf(row.id), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound(archiveTexts.gone);
      throw error;
    }
    try {
      const { size } = await handle.stat();
      return { stream: handle.createReadStream({ highWaterMark: 256 * 1024 }), size, fileName: row.file_name };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** The archive was sent whole: it is deleted (a later download is a 404). */
  async downloaded(userId: string, id: string): Promise<void> {
    if (await this.jobs.deleteOwned(userId, id)) await this.removeFiles(id);
  }

  /** Builds in full into a temporary file and answers the bytes (tests; never on a request). */
  async buildNow(userId: string): Promise<Buffer> {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'neura-archive-'));
    try {
      const file = path.join(dir, 'archive.tar.gz');
      await writeArchive(this.sources, userId, file, new AbortController().signal, () => undefined);
      return await fsp.readFile(file);
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * Deletes what is over: builds of dead processes become failed; ready archives past their expiry,
   * failed jobs after `keepMs`, and files no job owns are deleted. Runs every minute while the app
   * runs (the `archives.sweep` job, takeout/module.ts); `now` lets tests look ahead.
   */
  async sweep(now = Date.now()): Promise<void> {
    await this.jobs.failStale(iso(now - STALE_MS), iso(now));
    await this.remove((await this.jobs.expired(iso(now), iso(now - this.settings.keepMs))).map((r) => r.id));
    await deleteOrphanFiles(this.settings.dir, this.jobs, iso(now));
  }

  /** `user.deleting` (inside the account's transaction): the jobs, the daily counter, running builds, then the files. */
  async deleteAllOf(userId: string, trx: Executor): Promise<void> {
    const ids = (await this.jobs.idsOfUser(userId, trx)).map((r) => r.id);
    await this.jobs.delete(ids, trx);
    await this.limiter.forget([this.limit], userId, trx);
    for (const build of this.builds.values()) if (build.userId === userId) build.controller.abort();
    await Promise.all(ids.map((id) => this.removeFiles(id)));
  }

  /** Shutdown: no new builds; running ones are stopped (their jobs failed, their files deleted). */
  async stop(): Promise<void> {
    this.stopping = true;
    const running = [...this.builds.values()];
    for (const build of running) build.controller.abort();
    await Promise.all(running.map((b) => b.finished));
  }

  /** Builds the archive (the job's handler); `signal`: the job queue stopping ends it (failed). */
  build({ id, userId, reservation }: ArchiveBuild, signal?: AbortSignal): Promise<void> {
    const controller = new AbortController();
    signal?.addEventListener('abort', () => controller.abort(), { once: true });
    const build: Build = { userId, controller, done: 0, total: 0, finished: Promise.resolve() };
    this.builds.set(id, build);
    const beat = async () => {
      try {
        if (!(await this.jobs.progress(id, build.done, build.total, new Date().toISOString()))) controller.abort();
      } catch (error) {
        this.log?.warn({ err: error }, 'data archive progress not saved');
      }
    };
    const heartbeat = setInterval(() => void beat(), HEARTBEAT_MS);
    heartbeat.unref();
    const part = `${this.pathOf(id)}.part`;
    build.finished = (async () => {
      try {
        await fsp.mkdir(this.settings.dir, { recursive: true, mode: 0o700 });
        const size = await writeArchive(this.sources, userId, part, controller.signal, (done, total) => {
          build.done = done;
          build.total = total;
        });
        await fsp.rename(part, this.pathOf(id));
        const now = Date.now();
        const ready = await this.jobs.markReady(id, build.total, size, iso(now), iso(now + this.settings.keepMs));
        if (!ready) await this.removeFiles(id);
        else this.settings.onReady?.(userId);
      } catch (error) {
        await fsp.rm(part, { force: true });
        if (!controller.signal.aborted) this.log?.error({ err: error }, 'data archive failed');
        await this.jobs.markFailed(id, new Date().toISOString()).catch(() => undefined);
        await this.limiter.release([reservation]);
      } finally {
        clearInterval(heartbeat);
        this.builds.delete(id);
      }
    })();
    return build.finished;
  }

  private get sources(): ArchiveSources {
    return { repository: this.repository, sharing: this.sharing, files: this.files, memory: this.memory };
  }

  private async owned(userId: string, id: string): Promise<DataArchiveRow> {
    const row = await this.jobs.find(id);
    const expired = row?.status === 'ready' && row.expires_at !== null && row.expires_at <= new Date().toISOString();
    if (!row || row.user_id !== userId || expired) throw notFound(archiveTexts.notFound);
    return row;
  }

  private present(row: DataArchiveRow): ArchiveJob {
    // A build running here knows its progress better than its last heartbeat.
    const live = row.status === 'building' ? this.builds.get(row.id) : undefined;
    const done = live?.done ?? row.done;
    const total = live?.total ?? row.total;
    return {
      id: row.id,
      status: row.status,
      done,
      total,
      progress: total === 0 ? (row.status === 'ready' ? 1 : 0) : Math.min(1, done / total),
      ...(row.size !== null ? { size: row.size } : {}),
    };
  }

  private pathOf(id: string): string {
    return path.join(this.settings.dir, `${id}.tar.gz`);
  }

  /** Deletes these jobs (not building), then their files. */
  private async remove(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.jobs.delete(ids);
    await Promise.all(ids.map((id) => this.removeFiles(id)));
  }

  private async removeFiles(id: string): Promise<void> {
    await fsp.rm(this.pathOf(id), { force: true });
    await fsp.rm(`${this.pathOf(id)}.part`, { force: true });
  }
}
