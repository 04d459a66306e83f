import type { Executor } from '../db/database.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';

/** The only writer of `two_factor` and `backup_codes`: every statement is bound to one user. */
export class TwoFactorRepository {
  constructor(private readonly db: Executor) {}

  find(userId: string) {
    return this.db.selectFrom('two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  async isOn(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('two_factor')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('enabled_at', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A new secret waiting to be confirmed; refused (false) while the second factor is on. */
  async savePending(userId: string, secret: string): Promise<boolean> {
    await this.db.deleteFrom('two_factor').where('user_id', '=', userId).where('enabled_at', 'is', null).execute();
    if (await this.isOn(userId)) return false;
    await this.db
      .insertInto('two_factor')
      .values({ user_id: userId, secret, enabled_at: null, last_step: null, created_at: nowIso() })
      .execute();
    return true;
  }

  /** Turns the pending secret on with its first step and its backup codes, in one transaction. */
  async enable(trx: Executor, userId: string, step: number, codeHashes: string[]): Promise<boolean> {
    const result = await trx
      .updateTable('two_factor')
      .set({ enabled_at: nowIso(), last_step: step })
      .where('user_id', '=', userId)
      .where('enabled_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await this.replaceBackupCodes(trx, userId, codeHashes);
    return true;
  }

  /**
   * Takes time step `step` for the user: true only when it is later than the last one taken, in
   * one statement (a code replayed in its step, even by a parallel request, is refused).
   */
  async takeStep(userId: string, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('two_factor')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where('enabled_at', 'is not', null)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async disable(trx: Executor, userId: string): Promise<void> {
    await trx.deleteFrom('backup_codes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('two_factor').where('user_id', '=', userId).execute();
  }

  async replaceBackupCodes(trx: Executor, userId: string, codeHashes: string[]): Promise<void> {
    await trx.deleteFrom('backup_codes').where('user_id', '=', userId).execute();
    const now = nowIso();
    await trx
      .insertInto('backup_codes')
      .values(
        codeHashes.map((code_hash) => ({ id: newId(), user_id: userId, code_hash, used_at: null, created_at: now })),
      )
      .execute();
  }

  unusedBackupCodes(userId: string) {
    return this.db
      .selectFrom('backup_codes')
      .select(['id', 'code_hash'])
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }

  /** Uses a backup code: true for the one request that took it (never again after). */
  async useBackupCode(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('backup_codes')
      .set({ used_at: nowIso() })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Account deletion: the user's rows, in its transaction. */
  async deleteAllOf(userId: string, trx: Executor): Promise<void> {
    await this.disable(trx, userId);
  }
}
