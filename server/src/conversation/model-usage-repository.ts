import type { Insertable } from 'kysely';
import type { Db, Executor } from '../db/database.js';
import type { ModelUsageTable } from '../db/schema.js';

/** The one writer of `model_usage`: the tokens of model calls that are not replies (chat titles). */
export class ModelUsageRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<ModelUsageTable>): Promise<void> {
    await this.db.insertInto('model_usage').values(row).execute();
  }

  /** Account deletion (inside its transaction): the user's usage rows go with them. */
  async deleteAllOf(userId: string, trx: Executor = this.db): Promise<void> {
    await trx.deleteFrom('model_usage').where('user_id', '=', userId).execute();
  }
}
