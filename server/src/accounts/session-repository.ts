import type { Executor } from '../db/database.js';
import type { SessionRow } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';

export class SessionRepository {
  constructor(private readonly db: Executor) {}

  async create(
    userId: string,
    tokenHash: string,
    userAgent: string | null,
    trx: Executor = this.db,
    ip: string | null = null,
  ): Promise<SessionRow> {
    const now = nowIso();
    const row: SessionRow = {
      id: newId(),
      user_id: userId,
      token_hash: tokenHash,
      created_at: now,
      last_used_at: now,
      revoked_at: null,
      user_agent: userAgent,
      ip: ip?.slice(0, 64) ?? null,
      confirmed_at: null,
    };
    await trx.insertInto('sessions').values(row).execute();
    return row;
  }

  findActiveByTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  async touch(id: string): Promise<void> {
    await this.db.updateTable('sessions').set({ last_used_at: nowIso() }).where('id', '=', id).execute();
  }

  /** The session's owner proved it was them again just now (re-authentication). */
  async confirm(id: string): Promise<void> {
    await this.db.updateTable('sessions').set({ confirmed_at: nowIso() }).where('id', '=', id).execute();
  }

  /** When the session's owner last proved it was them: its sign-in, or a later confirmation. */
  async lastProofAt(id: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .select(['created_at', 'confirmed_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    return row.confirmed_at && row.confirmed_at > row.created_at ? row.confirmed_at : row.created_at;
  }

  async revoke(id: string, trx: Executor = this.db): Promise<void> {
    await trx
      .updateTable('sessions')
      .set({ revoked_at: nowIso() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Revokes every active session of the user except `keepId`; returns the ids revoked. */
  async revokeAllForUser(userId: string, keepId?: string, trx: Executor = this.db): Promise<string[]> {
    let query = trx.selectFrom('sessions').select('id').where('user_id', '=', userId).where('revoked_at', 'is', null);
    if (keepId) query = query.where('id', '!=', keepId);
    const ids = (await query.execute()).map((r) => r.id);
    if (ids.length > 0) {
      await trx.updateTable('sessions').set({ revoked_at: nowIso() }).where('id', 'in', ids).execute();
    }
    return ids;
  }

  /** Ids of the user's live sessions (to disconnect their sockets). */
  async activeIdsForUser(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The user's live sessions, the most recently used first (the devices list). */
  listActiveForUser(userId: string): Promise<SessionRow[]> {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .orderBy('last_used_at', 'desc')
      .orderBy('id', 'asc')
      .execute();
  }

  /** Revokes one of the user's live sessions; false when it is not theirs or already ended. */
  async revokeOfUser(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('sessions')
      .set({ revoked_at: nowIso() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** What a new session's device is to the user: their first sign-in, a device seen before, or a new one. */
  async deviceNews(userId: string, userAgent: string | null): Promise<'first' | 'known' | 'new'> {
    const rows = await this.db
      .selectFrom('sessions')
      .select('user_agent')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(200)
      .execute();
    if (rows.length === 0) return 'first';
    return rows.some((r) => r.user_agent === userAgent) ? 'known' : 'new';
  }

  /** Removes every session of the user (account deletion, inside its transaction). */
  async deleteForUser(userId: string, trx: Executor = this.db): Promise<void> {
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }
}
