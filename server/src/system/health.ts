import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { RedisLink } from '../realtime/redis-health.js';

export type DependencyState = 'up' | 'down' | 'off';

export interface Health {
  /** `ready`: serving; `degraded`: serving without cross-process events (Redis away); `live`: up but not ready. */
  status: 'ready' | 'degraded' | 'live';
  database: DependencyState;
  redis: DependencyState;
}

const CHECK_TIMEOUT_MS = 2000;

async function databaseUp(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      sql`SELECT 1`.execute(db).then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Readiness for load balancers: not ready without the database (nothing works without it);
 * without Redis the process still serves everything but cross-process events, so it stays in.
 */
export async function checkHealth(db: Db, redis: RedisLink | undefined): Promise<Health> {
  const database: DependencyState = (await databaseUp(db)) ? 'up' : 'down';
  const redisState: DependencyState = redis ? redis.state : 'off';
  const status = database === 'down' ? 'live' : redisState === 'down' ? 'degraded' : 'ready';
  return { status, database, redis: redisState };
}
