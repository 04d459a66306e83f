import fsp from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FileService } from '../files/service.js';
import type { MemoryService } from '../memory/service.js';
import { toMarkdown } from '../sharing/export.js';
import type { SharingService } from '../sharing/service.js';
import { GzipFile } from './gzip-file.js';
import type { ArchiveRepository } from './repository.js';
import { TarStream } from './tar.js';

/** Where an archive's entries come from: the account's rows, its chats' exports, its files' bytes. */
export interface ArchiveSources {
  repository: ArchiveRepository;
  sharing: Pick<SharingService, 'exportData'>;
  files: Pick<FileService, 'openOwned'>;
  memory: Pick<MemoryService, 'get'>;
}

/** Compression levels: text (JSON, Markdown, WAV) at 6; pictures and MP3, compressed already, are stored (0). */
const TEXT_LEVEL = 6;
const STORED_LEVEL = 0;
const compressible = (mimeType: string) => !/^image\/|^audio\/mpeg$/.test(mimeType);

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  // Documents (issue #45)
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/csv': 'csv',
  'application/json': 'json',
  'text/html': 'html',
};

const README =
  'Everything Neura stores about your account.\n\naccount.json: your account and sign-in sessions\nledger.json: every credit grant, charge and refund\norders.json: purchases and subscriptions\nfeedback.json: feedback you sent\nshares.json: links you shared\npersonas.json: the personas you made\nmemory.json: what personas remember about you (about me and items)\nfolders.json: your folders of chats\nchats/: every chat as JSON (all data) and Markdown (to read)\nfiles/: your uploaded and generated files (files.json lists them)\n';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * Writes the archive of `userId` to `file`: tar → deflate stream (threadpool) framed as gzip → file, with
 * backpressure, yielding the event loop between entries. Answers the file's size.
 */
export async function writeArchive(
  from: ArchiveSources,
  userId: string,
  file: string,
  signal: AbortSignal,
  step: (done: number, total: number) => void,
): Promise<number> {
  const gzip = new GzipFile(file, TEXT_LEVEL, signal);
  const tar = new TarStream(gzip);
  try {
    const r = from.repository;
    const [chats, files] = await Promise.all([r.chatIds(userId), r.files(userId)]);
    const total = chats.length + files.length + 1;
    let done = 0;
    step(done, total);
    await tar.add('README.txt', README);
    await tar.add('account.json', json({ account: await r.account(userId), sessions: await r.sessions(userId) }));
    await tar.add('ledger.json', json(await r.ledger(userId)));
    await tar.add(
      'orders.json',
      json({ orders: await r.orders(userId), subscriptions: await r.subscriptions(userId) }),
    );
    await tar.add('feedback.json', json(await r.feedback(userId)));
    await tar.add('shares.json', json(await r.shares(userId)));
    await tar.add('personas.json', json(await r.personas(userId)));
    await tar.add('folders.json', json(await r.folders(userId)));
    await tar.add('memory.json', json(await from.memory.get(userId)));
    step(++done, total);
    for (const { id } of chats) {
      signal.throwIfAborted();
      const data = await from.sharing.exportData(userId, id);
      await tar.add(`chats/${id}.json`, json(data));
      await tar.add(`chats/${id}.md`, toMarkdown(data));
      step(++done, total);
      // Other requests get their turn between entries (SQLite reads are synchronous).
      await nextTurn();
    }
    await tar.add('files/files.json', json(files));
    for (const row of files) {
      signal.throwIfAborted();
      const opened = await from.files.openOwned(userId, row.id).catch(() => undefined);
      if (opened) {
        try {
          await gzip.setLevel(compressible(row.mime_type) ? TEXT_LEVEL : STORED_LEVEL);
          await tar.addStream(`files/${row.id}.${EXTENSIONS[row.mime_type] ?? 'bin'}`, opened.size, opened.stream);
        } finally {
          opened.stream.destroy();
        }
      }
      step(++done, total);
      await nextTurn();
    }
    await gzip.setLevel(TEXT_LEVEL);
    await tar.finish();
    await gzip.end();
  } catch (error) {
    await gzip.destroy();
    throw error;
  }
  return (await fsp.stat(file)).size;
}
