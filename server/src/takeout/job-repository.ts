import type { Executor } from '../db/database.js';
import { isUniqueViolation } from '../db/errors.js';
import type { DataArchiveRow } from '../db/schema.js';

/**
 * The `data_archives` rows (issue #40, M1): the "Download my data" jobs, shared by every process.
 * One `building` row per user at most (the partial unique index `data_archives_one_building`).
 */
export class ArchiveJobRepository {
  constructor(private readonly db: Executor) {}

  /** Inserts a building job; false when the user already has one building (another request or process). */
  async insertBuilding(row: DataArchiveRow & { status: 'building' }): Promise<boolean> {
    try {
      await this.db.insertInto('data_archives').values(row).execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  find(id: string): Promise<DataArchiveRow | undefined> {
    return this.db.selectFrom('data_archives').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findBuilding(userId: string): Promise<DataArchiveRow | undefined> {
    return this.db
      .selectFrom('data_archives')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'building')
      .executeTakeFirst();
  }

  /** The builder's heartbeat with its progress; false when the job is no longer building (gone, or failed as stale). */
  async progress(id: string, done: number, total: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('data_archives')
      .set({ done, total, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'building')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** building → ready; false when the job was deleted or failed meanwhile. */
  async markReady(id: string, total: number, size: number, now: string, expiresAt: string): Promise<boolean> {
    const result = await this.db
      .updateTable('data_archives')
      .set({ status: 'ready', done: total, total, size, updated_at: now, expires_at: expiresAt })
      .where('id', '=', id)
      .where('status', '=', 'building')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async markFailed(id: string, now: string): Promise<void> {
    await this.db
      .updateTable('data_archives')
      .set({ status: 'failed', updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'building')
      .execute();
  }

  /** Builds whose process stopped beating (crashed) become failed, which frees the user's slot. */
  async failStale(staleBefore: string, now: string, userId?: string): Promise<void> {
    let query = this.db
      .updateTable('data_archives')
      .set({ status: 'failed', updated_at: now })
      .where('status', '=', 'building')
      .where('updated_at', '<', staleBefore);
    if (userId !== undefined) query = query.where('user_id', '=', userId);
    await query.execute();
  }

  /** The user's finished or failed jobs other than `keepId` (a new build replaces them). */
  othersOf(userId: string, keepId: string): Promise<Array<Pick<DataArchiveRow, 'id'>>> {
    return this.db
      .selectFrom('data_archives')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', '<>', keepId)
      .where('status', '<>', 'building')
      .execute();
  }

  /** Ready jobs past their expiry and failed jobs older than `failedBefore`: to delete with their files. */
  expired(now: string, failedBefore: string): Promise<Array<Pick<DataArchiveRow, 'id'>>> {
    return this.db
      .selectFrom('data_archives')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'ready'), eb('expires_at', '<=', now)]),
          eb.and([eb('status', '=', 'failed'), eb('updated_at', '<=', failedBefore)]),
        ]),
      )
      .execute();
  }

  /** The rows of these ids (the sweep matches files on disk against them). */
  byIds(ids: readonly string[]): Promise<Array<Pick<DataArchiveRow, 'id' | 'status' | 'expires_at'>>> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('data_archives')
      .select(['id', 'status', 'expires_at'])
      .where('id', 'in', [...ids])
      .execute();
  }

  async delete(ids: readonly string[], trx: Executor = this.db): Promise<void> {
    if (ids.length === 0) return;
    await trx
      .deleteFrom('data_archives')
      .where('id', 'in', [...ids])
      .execute();
  }

  /** One of the user's jobs, deleted (downloaded); false when it was not there (another download won). */
  async deleteOwned(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('data_archives')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  idsOfUser(userId: string, trx: Executor = this.db): Promise<Array<Pick<DataArchiveRow, 'id'>>> {
    return trx.selectFrom('data_archives').select('id').where('user_id', '=', userId).execute();
  }
}
