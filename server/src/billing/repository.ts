import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import type { BillingSubscriptionRow, NewOrder, OrderRow, OrderUpdate } from '../db/schema.js';
import { escapeLike } from '../lib/sql-like.js';
import { nowIso } from '../lib/time.js';

type OrderStatus = OrderRow['status'];

/** Orders, provider customers, subscriptions and applied provider events: the only SQL of billing. */
export class BillingRepository {
  constructor(private readonly db: Executor) {}

  async insertOrder(order: NewOrder, trx: Executor = this.db): Promise<void> {
    await trx.insertInto('orders').values(order).execute();
  }

  /** Inserts an order unless one with its provider invoice exists; true when this call inserted it. */
  async insertOrderOnce(order: NewOrder, trx: Executor = this.db): Promise<boolean> {
    const row = await trx
      .insertInto('orders')
      .values(order)
      .onConflict((oc) => oc.column('provider_invoice_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  findOrder(id: string, trx: Executor = this.db): Promise<OrderRow | undefined> {
    return trx.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findOwnedOrder(userId: string, id: string, trx: Executor = this.db): Promise<OrderRow | undefined> {
    return trx.selectFrom('orders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  findOrderByPayment(paymentId: string, trx: Executor = this.db): Promise<OrderRow | undefined> {
    return trx.selectFrom('orders').selectAll().where('provider_payment_id', '=', paymentId).executeTakeFirst();
  }

  listOrders(userId: string, limit: number, trx: Executor = this.db): Promise<OrderRow[]> {
    return trx
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Orders whose buyer's address contains `q` (all when blank), newest first, with that address (the console). */
  searchOrders(q: string, limit: number) {
    let query = this.db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .selectAll('orders')
      .select('users.email as email')
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(limit);
    const term = q.trim().toLowerCase();
    if (term) query = query.where(sql<boolean>`users.email LIKE ${`%${escapeLike(term)}%`} ESCAPE '\\'`);
    return query.execute();
  }

  /** Every order, newest first, optionally of one user (admin CLI). */
  listAllOrders(userId: string | undefined, limit: number, trx: Executor = this.db) {
    let query = trx
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .selectAll('orders')
      .select('users.email as email')
      .orderBy('orders.created_at', 'desc')
      .limit(limit);
    if (userId) query = query.where('orders.user_id', '=', userId);
    return query.execute();
  }

  async updateOrder(id: string, changes: OrderUpdate, trx: Executor = this.db): Promise<void> {
    await trx
      .updateTable('orders')
      .set({ ...changes, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Moves an order from one of `from` to `to` in one conditional update; true when this call made
   * the move (so whatever follows the move happens once, whatever the concurrency).
   */
  async transitionOrder(
    id: string,
    from: OrderStatus[],
    to: OrderStatus,
    changes: OrderUpdate,
    trx: Executor = this.db,
  ): Promise<boolean> {
    const row = await trx
      .updateTable('orders')
      .set({ ...changes, status: to, updated_at: nowIso() })
      .where('id', '=', id)
      .where('status', 'in', from)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async findCustomerId(userId: string, trx: Executor = this.db): Promise<string | undefined> {
    const row = await trx
      .selectFrom('billing_customers')
      .select('provider_customer_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.provider_customer_id;
  }

  async findUserByCustomer(customerId: string, trx: Executor = this.db): Promise<string | undefined> {
    const row = await trx
      .selectFrom('billing_customers')
      .select('user_id')
      .where('provider_customer_id', '=', customerId)
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Stores the user's customer unless one exists; returns the customer id that holds. */
  async saveCustomer(userId: string, customerId: string, trx: Executor = this.db): Promise<string> {
    await trx
      .insertInto('billing_customers')
      .values({ user_id: userId, provider_customer_id: customerId, created_at: nowIso() })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    return (await this.findCustomerId(userId, trx)) ?? customerId;
  }

  findSubscription(id: string, trx: Executor = this.db): Promise<BillingSubscriptionRow | undefined> {
    return trx.selectFrom('billing_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The user's most recently changed subscription. */
  latestSubscription(userId: string, trx: Executor = this.db): Promise<BillingSubscriptionRow | undefined> {
    return trx
      .selectFrom('billing_subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async upsertSubscription(
    row: Omit<BillingSubscriptionRow, 'created_at' | 'updated_at'>,
    trx: Executor = this.db,
  ): Promise<void> {
    const now = nowIso();
    await trx
      .insertInto('billing_subscriptions')
      .values({ ...row, created_at: now, updated_at: now })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          status: row.status,
          cancel_at_period_end: row.cancel_at_period_end,
          current_period_end: row.current_period_end,
          updated_at: now,
        }),
      )
      .execute();
  }

  async isEventRecorded(id: string, trx: Executor = this.db): Promise<boolean> {
    const row = await trx.selectFrom('billing_events').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  /** Records a provider event id; false when it was already recorded (so the event is not applied again). */
  async recordEvent(id: string, type: string, trx: Executor): Promise<boolean> {
    const row = await trx
      .insertInto('billing_events')
      .values({ id, type, received_at: nowIso() })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }
}
