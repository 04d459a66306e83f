import type { UserLookup } from '../auth/user.js';
import type { CreditService } from '../credits/service.js';
import type { Executor, Tx } from '../db/database.js';
import type { OrderRow } from '../db/schema.js';
import type { ProEntitlements } from '../entitlements/pro.js';
import { nowIso } from '../lib/time.js';
import { LIVE_SUBSCRIPTION_STATUSES, type SubscriptionState } from './provider.js';
import type { BillingRepository } from './repository.js';

export const purchaseKey = (orderId: string) => `purchase:${orderId}`;
export const clawbackKey = (orderId: string, refundedCredits: number) => `clawback:${orderId}:${refundedCredits}`;

/** What a transaction changed that devices must hear about once it commits (balances announce themselves). */
export interface Effects {
  /** Users whose account (Pro) may have changed. */
  users: Set<string>;
}
export const newEffects = (): Effects => ({ users: new Set() });

const later = (a: string | null | undefined, b: string | null | undefined): string | null =>
  !a ? (b ?? null) : !b ? a : a > b ? a : b;

/** One month after `from` (ISO), for sandbox subscriptions. */
export function oneMonthAfter(from: string): string {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString();
}

/**
 * The one fulfilment path of Stripe's webhook, the status page's backstop and the sandbox. Every
 * method runs inside the caller's transaction and is idempotent: order moves are conditional
 * updates, credits carry ledger keys, and Pro's expiry only moves later while a subscription lives.
 */
export class Fulfilment {
  constructor(
    private readonly repo: BillingRepository,
    private readonly users: UserLookup,
    private readonly credits: CreditService,
    /** The only writer of Pro (entitlements/). */
    private readonly pro: ProEntitlements,
  ) {}

  /** Pays the order (once): a pack's credits under `purchase:<orderId>`. A sandbox Pro order also starts its month. */
  async pay(
    trx: Tx,
    order: OrderRow,
    effects: Effects,
    refs: { paymentId?: string | null; subscriptionId?: string | null } = {},
  ): Promise<boolean> {
    const moved = await this.repo.transitionOrder(
      order.id,
      ['pending', 'canceled', 'failed'],
      'paid',
      {
        paid_at: nowIso(),
        provider_payment_id: refs.paymentId ?? order.provider_payment_id,
        provider_subscription_id: refs.subscriptionId ?? order.provider_subscription_id,
      },
      trx,
    );
    if (!moved) return false;
    if (order.kind === 'pack') {
      await this.credits.grantInTransaction(trx, {
        userId: order.user_id,
        amount: order.credits,
        reason: 'purchase',
        key: purchaseKey(order.id),
      });
    } else if (order.provider === 'sandbox') {
      await this.startSandboxMonth(trx, order.user_id, effects);
    }
    return true;
  }

  async fail(trx: Executor, order: OrderRow): Promise<boolean> {
    return this.repo.transitionOrder(order.id, ['pending'], 'failed', {}, trx);
  }

  async cancel(trx: Executor, order: OrderRow): Promise<boolean> {
    return this.repo.transitionOrder(order.id, ['pending'], 'canceled', {}, trx);
  }

  /**
   * Applies a subscription's current state: while it lives, Pro lasts at least to its period end
   * (never shortened by a stale or late delivery); once it has ended, Pro granted by it ends then.
   */
  async applySubscription(trx: Executor, userId: string, state: SubscriptionState, effects?: Effects): Promise<void> {
    effects?.users.add(userId);
    const previous = await this.repo.findSubscription(state.id, trx);
    const periodEnd = later(previous?.current_period_end, state.periodEnd);
    await this.repo.upsertSubscription(
      {
        id: state.id,
        user_id: userId,
        provider: state.provider,
        status: state.status,
        cancel_at_period_end: state.cancelAtPeriodEnd ? 1 : 0,
        current_period_end: periodEnd,
      },
      trx,
    );
    if (LIVE_SUBSCRIPTION_STATUSES.has(state.status)) {
      if (periodEnd) await this.pro.extendPro(userId, periodEnd, trx);
    } else if (periodEnd && ['canceled', 'incomplete_expired', 'unpaid'].includes(state.status)) {
      await this.pro.endPro(userId, state.endedAt ?? nowIso(), periodEnd, trx);
    }
  }

  /**
   * A refund takes back the refunded share of a pack's credits, as far as they are unspent (never
   * below zero). `refundedShare` is cumulative (refunded / charged), so redelivery takes nothing more.
   */
  async clawBack(trx: Tx, order: OrderRow, refundedShare: number): Promise<void> {
    if (order.kind !== 'pack' || order.status !== 'paid') return;
    const target = Math.min(order.credits, Math.floor(order.credits * Math.min(1, Math.max(0, refundedShare))));
    if (target <= order.refunded_credits) return;
    await this.credits.grantInTransaction(trx, {
      userId: order.user_id,
      amount: -(target - order.refunded_credits),
      reason: 'clawback',
      key: clawbackKey(order.id, target),
    });
    await this.repo.updateOrder(order.id, { refunded_credits: target }, trx);
  }

  /** Sandbox: a month of Pro from the later of now and the current period end. */
  async startSandboxMonth(trx: Executor, userId: string, effects?: Effects): Promise<void> {
    const id = `sandbox_${userId}`;
    const previous = await this.repo.findSubscription(id, trx);
    const user = await this.users.findById(userId, trx);
    const now = nowIso();
    const base = later(later(previous?.current_period_end, user?.proExpiry), now) ?? now;
    await this.applySubscription(
      trx,
      userId,
      {
        id,
        provider: 'sandbox',
        status: 'active',
        cancelAtPeriodEnd: false,
        periodEnd: oneMonthAfter(base),
        endedAt: null,
      },
      effects,
    );
  }
}
