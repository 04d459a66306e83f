import type { Executor } from '../db/database.js';
import type { ModelPrice } from './dashboard.js';

/** The one writer of `model_prices`: the token prices set in the console (the dashboard's costs). */
export class ModelPriceRepository {
  constructor(private readonly db: Executor) {}

  async list(): Promise<ModelPrice[]> {
    const rows = await this.db.selectFrom('model_prices').selectAll().orderBy('model').execute();
    return rows.map((r) => ({
      model: r.model,
      inputPerMTok: Number(r.input_per_mtok),
      outputPerMTok: Number(r.output_per_mtok),
    }));
  }

  async upsert(price: ModelPrice, updatedAt: string, trx: Executor = this.db): Promise<void> {
    const prices = { input_per_mtok: price.inputPerMTok, output_per_mtok: price.outputPerMTok, updated_at: updatedAt };
    await trx
      .insertInto('model_prices')
      .values({ model: price.model, ...prices })
      .onConflict((oc) => oc.column('model').doUpdateSet(prices))
      .execute();
  }
}
