import type { UserLookup } from '../auth/user.js';
import type { CreditService } from '../credits/service.js';
import type { Executor, Tx } from '../db/database.js';
import type { OrderRow } from '../db/schema.js';
import type { ProEntitlements } from '../entitlements/pro.js';
import { newId } from '../lib/ids.js';
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
    refs: { paymentId?: string | null; subscriptionId?: string | null; periodEnd?: string | null } = {},
  ): Promise<boolean> {
    const paidAt = nowIso();
    const moved = await this.repo.transitionOrder(
      order.id,
      ['pending', 'canceled', 'failed'],
      'paid',
      {
        paid_at: paidAt,
        provider_payment_id: refs.paymentId ?? order.provider_payment_id,
        provider_subscription_id: refs.subscriptionId ?? order.provider_subscription_id,
        ...(order.kind === 'pro' && refs.periodEnd ? { period_start: paidAt, period_end: refs.periodEnd } : {}),
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
      const month = await this.startSandboxMonth(trx, order.user_id, effects);
      await this.repo.updateOrder(order.id, { period_start: month.periodStart, period_end: month.periodEnd }, trx);
    }
    return true;
  }

  /**
   * A paid renewal of Pro (Stripe's `invoice.paid` for a cycle, or the sandbox's "renew") is an
   * order of its own: paid, with its amount, currency and period, so Orders, the dashboard's
   * revenue and the user's history count it. Recorded once per invoice (a unique index on
   * `provider_invoice_id`); false when that invoice already has its order.
   */
  async recordRenewal(
    trx: Executor,
    renewal: {
      userId: string;
      provider: 'stripe' | 'sandbox';
      invoiceId: string;
      amountCents: number;
      currency: string;
      paidAt: string | null;
      periodStart: string | null;
      periodEnd: string | null;
      paymentId: string | null;
      subscriptionId: string | null;
    },
  ): Promise<boolean> {
    const now = nowIso();
    return this.repo.insertOrderOnce(
      {
        id: newId(),
        user_id: renewal.userId,
        product: 'pro',
        kind: 'pro',
        provider: renewal.provider,
        status: 'paid',
        credits: 0,
        amount_cents: renewal.amountCents,
        currency: renewal.currency.toLowerCase(),
        provider_session_id: null,
        provider_payment_id: renewal.paymentId,
        provider_subscription_id: renewal.subscriptionId,
        provider_invoice_id: renewal.invoiceId,
        period_start: renewal.periodStart,
        period_end: renewal.periodEnd,
        refunded_credits: 0,
        checked_at: null,
        paid_at: renewal.paidAt ?? now,
        created_at: now,
        updated_at: now,
        refunded_at: null,
        refunded_cents: 0,
      },
      trx,
    );
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
   * A refund takes back the refunded share of what the order gave: a pack's credits, as far as
   * they are unspent (never below zero); a Pro order's period, from its end (never before now,
   * and only while Pro's expiry is still the one that period paid for, so days given another way
   * or paid by a later renewal stay). `refundedShare` is cumulative (refunded / charged), so
   * redelivery takes nothing more. With `refundedCents` the order records the money returned
   * (the dashboard's revenue nets it; a full refund marks the order refunded).
   */
  async clawBack(
    trx: Tx,
    order: OrderRow,
    refundedShare: number,
    refund?: { cents: number; effects?: Effects },
  ): Promise<void> {
    if (order.status !== 'paid') return;
    const share = Math.min(1, Math.max(0, refundedShare));
    if (refund && refund.cents > order.refunded_cents) {
      await this.repo.updateOrder(
        order.id,
        {
          refunded_cents: Math.min(order.amount_cents, refund.cents),
          ...(share >= 1 && !order.refunded_at ? { refunded_at: nowIso() } : {}),
        },
        trx,
      );
    }
    if (order.kind === 'pro') {
      if (share <= 0 || !order.period_end) return;
      const end = Date.parse(order.period_end);
      const start = Date.parse(order.period_start ?? order.paid_at ?? order.created_at);
      const cut = Math.max(Date.now(), end - share * Math.max(0, end - start));
      if (cut >= end) return;
      await this.pro.endPro(order.user_id, new Date(cut).toISOString(), order.period_end, trx);
      refund?.effects?.users.add(order.user_id);
      return;
    }
    if (order.kind !== 'pack') return;
    const target = Math.min(order.credits, Math.floor(order.credits * share));
    if (target <= order.refunded_credits) return;
    await this.credits.grantInTransaction(trx, {
      userId: order.user_id,
      amount: -(target - order.refunded_credits),
      reason: 'clawback',
      key: clawbackKey(order.id, target),
    });
    await this.repo.updateOrder(order.id, { refunded_credits: target }, trx);
  }

  /** Sandbox: a month of Pro from the later of now and the current period end; answers that month. */
  async startSandboxMonth(
    trx: Executor,
    userId: string,
    effects?: Effects,
  ): Promise<{ periodStart: string; periodEnd: string }> {
    const id = `sandbox_${userId}`;
    const previous = await this.repo.findSubscription(id, trx);
    const user = await this.users.findById(userId, trx);
    const now = nowIso();
    const base = later(later(previous?.current_period_end, user?.proExpiry), now) ?? now;
    const periodEnd = oneMonthAfter(base);
    await this.applySubscription(
      trx,
      userId,
      {
        id,
        provider: 'sandbox',
        status: 'active',
        cancelAtPeriodEnd: false,
        periodEnd,
        endedAt: null,
      },
      effects,
    );
    return { periodStart: base, periodEnd };
  }
}
