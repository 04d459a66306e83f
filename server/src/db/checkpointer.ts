import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the worker copies the write-ahead log back into the database file. */
const CHECKPOINT_EVERY_MS = 100;
/**
 * The app's own connection checkpoints only past this many WAL pages (SQLite's default is 1,000):
 * a backstop for a worker that cannot keep up, never reached in the runs measured (issue #32).
 */
export const BACKSTOP_CHECKPOINT_PAGES = 10_000;

/**
 * The worker's code (CommonJS, evaluated: the bundle and the sources load it alike). Its own
 * connection to the file runs a PASSIVE checkpoint every interval: it copies what no reader still
 * needs and never waits for (or blocks) the app's writes, which go on appending to the log.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const reason = (error) => String(error && error.message ? error.message : error);
let db;
try {
  db = new (require(workerData.driver))(workerData.file, { fileMustExist: true });
} catch (error) {
  parentPort.postMessage({ error: reason(error) });
}
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: reason(error) });
  }
};
const timer = db ? setInterval(checkpoint, workerData.everyMs) : undefined;
parentPort.on('message', () => {
  clearInterval(timer);
  db?.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the worker (its connection closed); resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * SQLite in WAL mode checkpoints inside whichever commit crosses 1,000 log pages: on this app's
 * one thread that is 10–35 ms of copying and an fsync in the middle of the event loop, about every
 * 25 sends (a send writes ~40 pages: two messages, their search index and the day counters). The
 * profile of a 200-send burst put those stalls in the relay's tail (docs/PERFORMANCE.md, issue #32).
 * This moves them to a worker thread with a connection of its own, so the app's commits only append.
 * `onError` hears a checkpoint that failed (the next interval tries again; the backstop remains).
 */
export function startCheckpointer(file: string, onError: (message: string) => void): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver, file, everyMs: CHECKPOINT_EVERY_MS },
  });
  worker.unref();
  let stopping = false;
  worker.on('message', (message: { error?: string }) => {
    if (message.error && !stopping) onError(message.error);
  });
  worker.on('error', (error: unknown) => {
    if (!stopping) onError(error instanceof Error ? error.message : String(error));
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    stop: async () => {
      stopping = true;
      worker.postMessage('stop');
      await exited;
    },
  };
}
