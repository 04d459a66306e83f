import cluster, { type Worker } from 'node:cluster';
import net from 'node:net';
import type { Config } from '../config.js';
import { type ClusterMessage, isClusterMessage, sessionIdOf } from './messages.js';
import { primaryLogger } from './primary-log.js';

/** A worker that dies this soon after starting is restarted after a growing pause (no crash loop). */
const QUICK_CRASH_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** A session id the primary has not heard of yet is looked up again this often, this many times. */
const SID_RETRY_MS = 20;
const SID_RETRIES = 10;
/** A connection that sends nothing for this long before its first request is dropped. */
const FIRST_BYTES_TIMEOUT_MS = 30_000;

interface Tracked {
  worker: Worker;
  ready: boolean;
  startedAt: number;
}

/**
 * The primary of the multi-process mode (CLUSTER_WORKERS > 1): it owns PORT, forks the workers
 * (the first alone, so migrations, seeding and boot recovery run once before the others start),
 * and hands each TCP connection to a worker after reading its first request line. A connection
 * carrying an Engine.IO session id (`sid=`) goes to the worker that holds the session (HTTP
 * long-polling needs that); every other one goes round-robin. Workers close HTTP connections
 * after each response, so every request passes through this routing.
 */
export async function runPrimary(config: Config): Promise<void> {
  const log = primaryLogger(config.LOG_LEVEL);
  const tracked = new Map<number, Tracked>();
  const sessionOwner = new Map<string, number>();
  let nextIndex = 0;
  let shuttingDown = false;
  let quickCrashes = 0;
  let booted = false;

  const readyWorkers = () => [...tracked.values()].filter((t) => t.ready).map((t) => t.worker);

  const fork = (): Promise<Worker> => {
    const worker = cluster.fork();
    const entry: Tracked = { worker, ready: false, startedAt: Date.now() };
    tracked.set(worker.id, entry);
    return new Promise((resolve, reject) => {
      worker.on('message', (message: unknown) => {
        if (!isClusterMessage(message)) return;
        if (message.type === 'neura:ready') {
          entry.ready = true;
          log.info(`worker ${worker.id} (pid ${worker.process.pid}) is ready`);
          resolve(worker);
        } else if (message.type === 'neura:session') sessionOwner.set(message.sid, worker.id);
        else if (message.type === 'neura:session-closed') {
          if (sessionOwner.get(message.sid) === worker.id) sessionOwner.delete(message.sid);
        }
      });
      worker.once('exit', (code, signal) => {
        tracked.delete(worker.id);
        for (const [sid, owner] of sessionOwner) if (owner === worker.id) sessionOwner.delete(sid);
        if (!entry.ready) reject(new Error(`worker ${worker.id} exited before it was ready (code ${code})`));
        // A worker failing at boot fails the start; after it, every worker that ends is replaced
        // (also a replacement that could not start, e.g. while the database is away).
        if (shuttingDown || (!booted && !entry.ready)) return;
        // Its replies in flight are failed and refunded by the other workers' sweepers.
        quickCrashes = Date.now() - entry.startedAt < QUICK_CRASH_MS ? quickCrashes + 1 : 0;
        const delay = Math.min(MAX_RESTART_DELAY_MS, quickCrashes === 0 ? 0 : 1000 * 2 ** (quickCrashes - 1));
        log.error(
          `worker ${worker.id} (pid ${worker.process.pid}) exited (${signal ?? `code ${code}`}); starting another in ${delay} ms`,
        );
        setTimeout(() => {
          if (shuttingDown) return;
          fork().catch((error: Error) => log.error(`a replacement worker failed to start: ${error.message}`));
          // (its exit schedules the next attempt, with the growing pause)
        }, delay).unref();
      });
    });
  };

  const pickWorker = (sid: string | undefined): Worker | undefined => {
    if (sid !== undefined) {
      const owner = tracked.get(sessionOwner.get(sid) ?? -1);
      if (owner?.ready) return owner.worker;
    }
    const ready = readyWorkers();
    if (ready.length === 0) return undefined;
    nextIndex = (nextIndex + 1) % ready.length;
    return ready[nextIndex];
  };

  const handOver = (socket: net.Socket, first: Buffer, attempt = 0): void => {
    if (socket.destroyed) return;
    const sid = sessionIdOf(first);
    // The worker announces a new session just after answering its handshake; wait a moment for it.
    if (sid !== undefined && !sessionOwner.has(sid) && attempt < SID_RETRIES) {
      setTimeout(() => handOver(socket, first, attempt + 1), SID_RETRY_MS);
      return;
    }
    const worker = pickWorker(sid);
    if (!worker) {
      socket.destroy();
      return;
    }
    const message: ClusterMessage = { type: 'neura:connection', head: first.toString('base64') };
    worker.send(message, socket, { keepOpen: false }, (error) => {
      if (error) socket.destroy();
    });
  };

  const server = net.createServer({ pauseOnConnect: true }, (socket) => {
    socket.on('error', () => socket.destroy());
    socket.setTimeout(FIRST_BYTES_TIMEOUT_MS, () => socket.destroy());
    socket.once('data', (first: Buffer) => {
      // Read nothing more here: the rest of the request stays in the kernel for the worker.
      stopReading(socket);
      socket.setTimeout(0);
      handOver(socket, first);
    });
    socket.resume();
  });

  const shutdown = (signal: string, exitCode = 0) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info(`${signal}: stopping the workers (each finishes its replies gracefully)`);
    server.close();
    const timer = setTimeout(() => {
      log.error('workers did not stop in time; killing them');
      for (const { worker } of tracked.values()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS + 5000);
    timer.unref();
    const exits = [...tracked.values()].map(
      ({ worker }) =>
        new Promise<void>((resolve) => (worker.isDead() ? resolve() : worker.once('exit', () => resolve()))),
    );
    for (const { worker } of tracked.values()) worker.process.kill('SIGTERM');
    void Promise.all(exits).then(() => process.exit(exitCode));
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  try {
    // The first worker alone: it migrates, seeds and recovers interrupted replies before the others.
    for (let i = 0; i < config.CLUSTER_WORKERS; i++) await fork();
    booted = true;
  } catch (error) {
    log.error(`start-up failed: ${(error as Error).message}`);
    shuttingDown = true;
    for (const { worker } of tracked.values()) worker.process.kill('SIGTERM');
    process.exit(1);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  }).catch((error: Error) => {
    log.error(`cannot listen on ${config.HOST}:${config.PORT}: ${error.message}`);
    shutdown('start-up failure', 1);
  });
  if (shuttingDown) return;
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  log.info(
    `Neura is running at ${publicUrl} with ${config.CLUSTER_WORKERS} worker processes (primary pid ${process.pid})`,
  );
  const listening: ClusterMessage = { type: 'neura:listening', publicUrl };
  for (const { worker } of tracked.values()) worker.send(listening);
}

/** Stops the socket's reads at once (pause() alone lets the stream read ahead into its buffer). */
function stopReading(socket: net.Socket): void {
  socket.pause();
  const handle = (socket as unknown as { _handle?: { reading?: boolean; readStop?: () => number } })._handle;
  if (handle?.readStop) {
    handle.reading = false;
    handle.readStop();
  }
}
