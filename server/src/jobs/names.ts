import type { PushPayload } from '@neura/contract';
import type { Reservation } from '../lib/limits/limiter.js';

/**
 * Every background job of the server, by name, with its payload (issue #42). A name here needs
 * exactly one handler, declared by the feature module that owns it (its `jobs`); the queue refuses
 * to start while one is missing. A new job: a line here, then `{ name, run }` in its module.
 */
export interface JobPayloads {
  /** Replies left streaming by a dead process, or whose end could not be stored here (conversation/). */
  'replies.sweep': Record<string, never>;
  /** The console dashboard's closed days (console/dashboard-days.ts). */
  'dashboard.days': Record<string, never>;
  /** One "Download my data" archive to build (takeout/): its row, its user, the daily count to give back. */
  'archives.build': { id: string; userId: string; reservation: Reservation };
  /** Data archives over their time, builds of dead processes, orphan files (takeout/). */
  'archives.sweep': Record<string, never>;
  /** Uploads never sent with a message (files/, N13). */
  'files.sweep-unsent': Record<string, never>;
  /** Deleted personas no chat uses any more (creator/, L5). */
  'personas.purge-deleted': Record<string, never>;
  /** Temporary chats 24 h after their last message (chats/, issue #49). */
  'chats.expire-temporary': Record<string, never>;
  /** A temporary chat whose last holding socket went away: deleted unless held again (chats/, issue #49). */
  'chats.end-temporary': { userId: string; chatId: string };
  /** One push to one device (notifications/): a browser's subscription or a native token. */
  'push.send': { kind: 'web' | 'native'; id: string; payload: PushPayload };
  /** One stored document to read (big files, scans through OCR), then announced (documents/). */
  'documents.extract': { fileId: string; userId: string };
}

export type JobName = keyof JobPayloads;

export const JOB_NAMES = [
  'replies.sweep',
  'dashboard.days',
  'archives.build',
  'archives.sweep',
  'files.sweep-unsent',
  'personas.purge-deleted',
  'chats.expire-temporary',
  'chats.end-temporary',
  'push.send',
  'documents.extract',
] as const satisfies readonly JobName[];

/** Compile-time check: every payload above is listed in JOB_NAMES. */
type UnlistedJobNames = Exclude<JobName, (typeof JOB_NAMES)[number]>;
const everyNameListed: UnlistedJobNames extends never ? true : false = true;
void everyNameListed;
