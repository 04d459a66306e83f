import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/** The one command the store needs (node-redis's `eval`). */
interface RedisEval {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/** Counts one hit in a fixed window: INCR, start the window on the first hit, answer count and ttl. */
const HIT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}
`;

/**
 * A store for @fastify/rate-limit on our node-redis client (the plugin's own Redis store needs
 * ioredis): with REDIS_URL every server process counts in the same Redis keys, so a limit holds
 * across processes. Fixed windows, like the plugin's in-memory store.
 */
export function redisRateLimitStore(client: RedisEval, prefix = 'neura:rate-limit:'): FastifyRateLimitStoreCtor {
  class RedisRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly key = prefix,
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      client
        .eval(HIT, { keys: [this.key + key], arguments: [String(timeWindow)] })
        .then((reply) => {
          const [current, ttl] = reply as [number, number];
          callback(null, { current: Number(current), ttl: Number(ttl) });
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    }

    /** A route's own limit counts under its own keys (the plugin passes the route as `routeInfo`). */
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new RedisRateLimitStore(undefined, `${this.key}${route?.method ?? ''}${route?.url ?? ''}:`);
    }
  }
  return RedisRateLimitStore;
}
