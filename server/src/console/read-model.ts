import type { UserAdminService } from '../accounts/user-admin-service.js';
import type { Actor, AuditLog } from '../audit/repository.js';
import type { BillingAdminService } from '../billing/admin-service.js';
import type { Config } from '../config.js';
import { type Db, inTransaction } from '../db/database.js';
import { nowIso } from '../lib/time.js';
import { computeDashboard, type Dashboard, type ModelPrice } from './dashboard.js';
import type { DashboardDays } from './dashboard-days.js';
import { ModelPriceRepository } from './model-price-repository.js';

export interface ConsoleReadModelDeps {
  db: Db;
  config: Pick<Config, 'database' | 'MODEL_PRICES'>;
  audit: AuditLog;
  users: UserAdminService;
  billing: BillingAdminService;
  dashboardDays?: DashboardDays;
}

/**
 * The console's own read model: the dashboard (with the token prices its costs use, the one
 * thing the console writes) and the user page, which gathers each feature's part. Every other
 * operation lives with its feature (accounts, personas, billing, feedback, entitlements).
 */
export class ConsoleReadModel {
  private readonly prices: ModelPriceRepository;

  constructor(private readonly d: ConsoleReadModelDeps) {
    this.prices = new ModelPriceRepository(d.db);
  }

  async dashboard(days: number, timeZone: string): Promise<Dashboard> {
    return computeDashboard(
      this.d.db,
      this.d.config.database.kind,
      days,
      timeZone,
      await this.modelPrices(),
      Date.now(),
      this.d.dashboardDays,
    );
  }

  /**
   * Token prices per model: the ones set in the console, and MODEL_PRICES (config) for the models
   * the console has not priced. `source` says where each comes from.
   */
  async modelPrices(): Promise<Array<ModelPrice & { source: 'console' | 'config' }>> {
    const set = (await this.prices.list()).map((p) => ({ ...p, source: 'console' as const }));
    const priced = new Set(set.map((p) => p.model));
    const configured = this.d.config.MODEL_PRICES.filter((p) => !priced.has(p.model)).map((p) => ({
      ...p,
      source: 'config' as const,
    }));
    return [...set, ...configured].sort((a, b) => (a.model < b.model ? -1 : a.model > b.model ? 1 : 0));
  }

  /** Sets a model's token prices; the change and its audit line are one transaction. */
  async setModelPrice(actor: Actor, price: ModelPrice): Promise<ModelPrice> {
    const current = (await this.modelPrices()).find((p) => p.model === price.model);
    const before = current
      ? { model: current.model, inputPerMTok: current.inputPerMTok, outputPerMTok: current.outputPerMTok }
      : null;
    await inTransaction(this.d.db, async (trx) => {
      await this.prices.upsert(price, nowIso(), trx);
      await this.d.audit.record(actor, { action: 'model-price.set', target: price.model, before, after: price }, trx);
    });
    return price;
  }

  /** The console's user page: the account, its chats, ledger and orders. */
  async userDetail(id: string) {
    const user = await this.d.users.summary(id);
    const chats = await this.d.db
      .selectFrom('chats')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', id)
      .executeTakeFirst();
    const orders = await this.d.billing.userOrders(id);
    return { ...user, chats: Number(chats?.n ?? 0), ledger: await this.d.billing.ledger(id), orders };
  }
}
