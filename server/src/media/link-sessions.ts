import { type SessionLifetimes, sessionExpired } from '../auth/authenticate.js';
import type { Executor } from '../db/database.js';

/**
 * Whether the login session an image-proxy link was made for is still alive (issue #40, M2): not
 * revoked (logout, password change, suspension), within its lifetimes, its account there and not
 * suspended. Account deletion deletes the sessions, so a deleted account's links die with them.
 */
export class LinkSessions {
  constructor(
    private readonly db: Executor,
    private readonly lifetimes: SessionLifetimes,
  ) {}

  async live(sessionId: string, now = Date.now()): Promise<boolean> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.created_at', 'sessions.last_used_at'])
      .where('sessions.id', '=', sessionId)
      .where('sessions.revoked_at', 'is', null)
      .where('users.suspended_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined && !sessionExpired(row, this.lifetimes, now);
  }
}
