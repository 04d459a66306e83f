import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { ArchiveJob } from '@neura/contract';
import { notFound } from '../errors.js';
import type { FileService } from '../files/service.js';
import { toMarkdown } from '../sharing/export.js';
import type { SharingService } from '../sharing/service.js';
import type { ArchiveRepository } from './repository.js';
import { TarWriter } from './tar.js';

/** How long a finished archive waits to be downloaded. */
const KEEP_MS = 15 * 60_000;

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
};

interface Job {
  id: string;
  userId: string;
  status: ArchiveJob['status'];
  done: number;
  total: number;
  bytes?: Buffer;
  fileName: string;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * "Download my data": builds a `.tar.gz` of everything stored about the user (account, sessions,
 * ledger, orders, subscriptions, feedback, shared links, the personas they made, every chat as JSON and Markdown, every
 * file's bytes) in the background, with progress. Jobs live in this process's memory for
 * KEEP_MS (several processes: the status and download calls need the same process — see the
 * issue's report).
 */
export class ArchiveService {
  private readonly jobs = new Map<string, Job>();

  constructor(
    private readonly repository: ArchiveRepository,
    private readonly sharing: Pick<SharingService, 'exportData'>,
    private readonly files: Pick<FileService, 'readOwned'>,
  ) {}

  private present(job: Job): ArchiveJob {
    return {
      id: job.id,
      status: job.status,
      done: job.done,
      total: job.total,
      progress: job.total === 0 ? (job.status === 'ready' ? 1 : 0) : job.done / job.total,
      ...(job.bytes ? { size: job.bytes.length } : {}),
    };
  }

  /** Starts an archive (or answers the one being built). */
  start(userId: string): ArchiveJob {
    for (const job of this.jobs.values())
      if (job.userId === userId && job.status === 'building') return this.present(job);
    const id = randomBytes(12).toString('base64url');
    const job: Job = {
      id,
      userId,
      status: 'building',
      done: 0,
      total: 0,
      fileName: `neura-data-${new Date().toISOString().slice(0, 10)}.tar.gz`,
    };
    this.jobs.set(id, job);
    this.build(job).then(
      () => undefined,
      () => {
        job.status = 'failed';
      },
    );
    setTimeout(() => this.jobs.delete(id), KEEP_MS).unref();
    return this.present(job);
  }

  /** Builds in full, then answers (the CLI and tests). */
  async buildNow(userId: string): Promise<Buffer> {
    const job: Job = { id: 'now', userId, status: 'building', done: 0, total: 0, fileName: '' };
    await this.build(job);
    return job.bytes as Buffer;
  }

  status(userId: string, id: string): ArchiveJob {
    return this.present(this.owned(userId, id));
  }

  download(userId: string, id: string): { bytes: Buffer; fileName: string } {
    const job = this.owned(userId, id);
    if (job.status !== 'ready' || !job.bytes) throw notFound('That archive is not ready.');
    return { bytes: job.bytes, fileName: job.fileName };
  }

  private owned(userId: string, id: string): Job {
    const job = this.jobs.get(id);
    if (!job || job.userId !== userId) throw notFound('That archive was not found. Start a new one.');
    return job;
  }

  private async build(job: Job): Promise<void> {
    const r = this.repository;
    const userId = job.userId;
    const [chats, files] = await Promise.all([r.chatIds(userId), r.files(userId)]);
    job.total = chats.length + files.length + 1;
    const tar = new TarWriter();
    tar.add(
      'README.txt',
      'Everything Neura stores about your account.\n\naccount.json: your account and sign-in sessions\nledger.json: every credit grant, charge and refund\norders.json: purchases and subscriptions\nfeedback.json: feedback you sent\nshares.json: links you shared\npersonas.json: the personas you made\nchats/: every chat as JSON (all data) and Markdown (to read)\nfiles/: your uploaded and generated files (files.json lists them)\n',
    );
    tar.add('account.json', json({ account: await r.account(userId), sessions: await r.sessions(userId) }));
    tar.add('ledger.json', json(await r.ledger(userId)));
    tar.add('orders.json', json({ orders: await r.orders(userId), subscriptions: await r.subscriptions(userId) }));
    tar.add('feedback.json', json(await r.feedback(userId)));
    tar.add('shares.json', json(await r.shares(userId)));
    tar.add('personas.json', json(await r.personas(userId)));
    job.done++;
    for (const { id } of chats) {
      const data = await this.sharing.exportData(userId, id);
      tar.add(`chats/${id}.json`, json(data));
      tar.add(`chats/${id}.md`, toMarkdown(data));
      job.done++;
    }
    tar.add('files/files.json', json(files));
    for (const file of files) {
      const loaded = await this.files.readOwned(userId, file.id).catch(() => undefined);
      if (loaded) tar.add(`files/${file.id}.${EXTENSIONS[file.mime_type] ?? 'bin'}`, loaded.bytes);
      job.done++;
    }
    job.bytes = gzipSync(tar.finish(), { level: 6 });
    job.status = 'ready';
  }
}
