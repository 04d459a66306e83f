import type { FastifyBaseLogger } from 'fastify';
import type { RedisClientType } from 'redis';

/** Thrown at boot when Redis cannot be reached in time (main prints it and exits non-zero). */
export class RedisUnreachableError extends Error {}

export type RedisState = 'up' | 'down';

/** Reconnect delay: 100 ms doubling to at most 5 s, with jitter so processes do not stampede. */
const reconnectDelay = (retries: number): number =>
  Math.min(100 * 2 ** Math.min(retries, 10), 5000) + Math.floor(Math.random() * 100);

/**
 * The process's Redis link (commands, publishing, and a subscriber for the Socket.IO adapter).
 * It never crashes the process: errors are reported once per state change (up → down → up),
 * commands fail fast while Redis is away (no offline queue), publishes that fail are dropped,
 * and the clients reconnect by themselves. Keys and channels carry `prefix`.
 */
export class RedisLink {
  private current: RedisState = 'up';
  private readonly listeners = new Set<(state: RedisState) => void>();

  private constructor(
    readonly client: RedisClientType,
    readonly subscriber: RedisClientType,
    readonly prefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    for (const c of [client, subscriber]) {
      c.on('error', (error: Error) => this.markDown(error));
      c.on('ready', () => this.markUpIfBoth());
    }
  }

  /**
   * Connects both clients; rejects with RedisUnreachableError (naming REDIS_URL, never its value,
   * which may hold a password) when Redis did not answer within `bootTimeoutMs`.
   */
  static async open(
    url: string,
    options: { prefix: string; log: FastifyBaseLogger; bootTimeoutMs: number },
  ): Promise<RedisLink> {
    // Loaded only with REDIS_URL: the client's modules cost a process without Redis (SQLite, one
    // process, the admin CLI) ~160 ms of its start on a 2-core machine.
    const { createClient } = await import('redis');
    const client = createClient({
      url,
      disableOfflineQueue: true,
      socket: { connectTimeout: 5000, reconnectStrategy: reconnectDelay },
    }) as RedisClientType;
    const subscriber = client.duplicate() as RedisClientType;
    const link = new RedisLink(client, subscriber, options.prefix, options.log);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new RedisUnreachableError(
              `Redis is unreachable (REDIS_URL): no connection within ${Math.round(options.bootTimeoutMs / 1000)} s. ` +
                'Check REDIS_URL, or unset it to run a single process without Redis.',
            ),
          ),
        options.bootTimeoutMs,
      );
    });
    try {
      await Promise.race([Promise.all([client.connect(), subscriber.connect()]), timeout]);
    } catch (error) {
      client.destroy();
      subscriber.destroy();
      throw error;
    } finally {
      clearTimeout(timer);
    }
    return link;
  }

  get state(): RedisState {
    return this.current;
  }

  /** Called on every change of state (e.g. to resync after an outage). */
  onStateChange(listener: (state: RedisState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A key (or channel) in this deployment's namespace. */
  key(...parts: string[]): string {
    return [this.prefix, ...parts].join(':');
  }

  /**
   * The publishing client as the Socket.IO adapter sees it: the same client, but a failed
   * publish (Redis away) is dropped instead of becoming an unhandled rejection that kills the process.
   */
  adapterPublisher(): RedisClientType {
    const client = this.client;
    return new Proxy(client, {
      get: (target, prop) => {
        if (prop === 'publish') {
          return (...args: Parameters<RedisClientType['publish']>) =>
            target.publish(...args).catch((error: unknown) => {
              this.markDown(error);
              return 0;
            });
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  private markDown(error: unknown): void {
    if (this.current === 'down') return;
    this.current = 'down';
    const reason = error instanceof Error ? error.message : String(error);
    this.log.warn({ reason }, 'Redis connection lost (REDIS_URL); cross-process events paused, reconnecting');
    for (const l of this.listeners) l('down');
  }

  private markUpIfBoth(): void {
    if (this.current === 'up' || !this.client.isReady || !this.subscriber.isReady) return;
    this.current = 'up';
    this.log.warn('Redis connection restored; cross-process events resumed');
    for (const l of this.listeners) l('up');
  }

  async close(): Promise<void> {
    for (const c of [this.client, this.subscriber]) {
      try {
        if (c.isOpen) await c.close();
        else c.destroy();
      } catch {
        c.destroy();
      }
    }
  }
}
