import { type LedgerEntry, type Order, PRO_PRODUCT_ID, type SubscriptionResponse } from '@neura/contract';
import { presentUser } from '../accounts/present-user.js';
import type { User } from '../auth/user.js';
import { inTransaction, type Tx } from '../db/database.js';
import type { OrderRow } from '../db/schema.js';
import { isPro } from '../entitlements/pro.js';
import { AppError } from '../errors.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import type { BillingDeps } from './deps.js';
import { type Effects, type Fulfilment, newEffects } from './fulfilment.js';
import { creditHistory, HISTORY_LIMIT } from './ledger.js';
import { presentOrder } from './present.js';
import { LIVE_SUBSCRIPTION_STATUSES, type PaymentProvider, type SubscriptionState } from './provider.js';
import type { BillingRepository } from './repository.js';
import { applySession } from './session-sync.js';

/** How long an order stays pending before its status page asks Stripe directly (and how often). */
export const BACKSTOP_AFTER_MS = 4000;
const ORDER_NOT_FOUND = 'This order does not exist or is not yours.';

/** Checkout, orders, the subscription and the sandbox: the rules of billing. */
export class BillingService {
  constructor(private readonly d: BillingDeps) {}

  products() {
    return this.d.catalog.list();
  }

  /**
   * Applies `work` in one transaction. Devices hear of what it changed once it commits: balances
   * (credits/ announces its own changes) and the accounts whose Pro it may have changed.
   */
  transact<T>(work: (trx: Tx, effects: Effects) => Promise<T>): Promise<T> {
    return inTransaction(this.d.db, async (trx) => {
      const effects = newEffects();
      const result = await work(trx, effects);
      for (const userId of effects.users) await this.announceUser(trx, userId);
      return result;
    });
  }

  /** `user.changed` once `trx` commits, with the user as clients see it (read in `trx`: as committed). */
  private async announceUser(trx: Tx, userId: string): Promise<void> {
    if (!this.d.events) return;
    const row = await this.d.users.findById(userId, trx);
    if (row) this.d.events.emitAfterCommit(trx, 'user.changed', { userId, user: presentUser(row) });
  }

  async checkout(user: User, productId: string): Promise<{ orderId: string; url: string }> {
    const provider = this.requireProvider();
    const product = this.d.catalog.find(productId);
    if (!product) throw new AppError('not-found', 'That product is not on sale.');
    if (product.kind === 'pro') {
      const sub = await this.d.repo.latestSubscription(user.id);
      if (isPro(user) && sub && sub.status === 'active' && sub.cancel_at_period_end === 0) {
        throw new AppError('conflict', 'You already subscribe to Pro. Manage it on the Pro subscription page.');
      }
    }
    const now = nowIso();
    const order: OrderRow = {
      id: newId(),
      user_id: user.id,
      product: product.id,
      kind: product.kind,
      provider: provider.kind,
      status: 'pending',
      credits: product.credits,
      amount_cents: product.amountCents,
      currency: product.currency,
      provider_session_id: null,
      provider_payment_id: null,
      provider_subscription_id: null,
      refunded_credits: 0,
      checked_at: null,
      paid_at: null,
      created_at: now,
      updated_at: now,
      refunded_at: null,
      refunded_cents: 0,
      provider_invoice_id: null,
      period_start: null,
      period_end: null,
    };
    await this.d.repo.insertOrder(order);
    try {
      const { url, sessionId } = await provider.createCheckout({ order, user, product });
      await this.d.repo.updateOrder(order.id, { provider_session_id: sessionId });
      return { orderId: order.id, url };
    } catch (error) {
      await this.d.repo.transitionOrder(order.id, ['pending'], 'failed', {});
      throw error;
    }
  }

  async listOrders(userId: string): Promise<Order[]> {
    return (await this.d.repo.listOrders(userId, HISTORY_LIMIT)).map(presentOrder);
  }

  /**
   * The order (owner only). A Stripe order still pending a few seconds after checkout is checked
   * with Stripe directly (the webhook may be late or misconfigured); the redirect alone never pays.
   */
  async getOrder(userId: string, orderId: string): Promise<Order> {
    let order = await this.ownedOrder(userId, orderId);
    if (this.shouldAskStripe(order)) {
      await this.d.repo.updateOrder(order.id, { checked_at: nowIso() });
      try {
        await this.syncStripeSession(order);
      } catch (error) {
        this.d.log.warn({ err: error, orderId }, 'could not re-read the checkout session');
      }
      order = await this.ownedOrder(userId, orderId);
    }
    return presentOrder(order);
  }

  /** The user gave up on a pending checkout: it is canceled (and Stripe's session expired). */
  async cancelOrder(userId: string, orderId: string): Promise<Order> {
    const order = await this.ownedOrder(userId, orderId);
    if (order.status === 'pending' && order.provider === 'stripe' && this.d.stripe && order.provider_session_id) {
      try {
        await this.d.stripe.expireSession(order.provider_session_id);
      } catch {
        // Already completed or expired at Stripe: take whatever state it has now.
        await this.syncStripeSession(order);
        return presentOrder(await this.ownedOrder(userId, orderId));
      }
    }
    await this.transact((trx) => this.d.fulfilment.cancel(trx, order));
    return presentOrder(await this.ownedOrder(userId, orderId));
  }

  async subscription(user: User): Promise<SubscriptionResponse> {
    const fresh = (await this.d.users.findById(user.id)) ?? user;
    const sub = await this.d.repo.latestSubscription(user.id);
    return {
      isPro: isPro(fresh),
      proExpiry: fresh.proExpiry,
      status: sub?.status ?? 'none',
      cancelAtPeriodEnd: sub?.cancel_at_period_end === 1,
    };
  }

  async portal(user: User): Promise<{ url: string }> {
    return this.requireProvider().createPortal(user);
  }

  /** Sandbox only: pays (or declines) the order through the same fulfilment code as Stripe's webhook. */
  async sandboxComplete(userId: string, orderId: string, outcome: 'paid' | 'failed'): Promise<Order> {
    this.requireSandbox();
    const order = await this.ownedOrder(userId, orderId);
    if (order.provider !== 'sandbox') throw new AppError('billing:sandbox-only', 'This order is not a sandbox order.');
    if (order.status === 'canceled') throw new AppError('conflict', 'This order was canceled. Start a new purchase.');
    await this.transact((trx, effects) =>
      outcome === 'paid' ? this.d.fulfilment.pay(trx, order, effects) : this.d.fulfilment.fail(trx, order),
    );
    return presentOrder(await this.ownedOrder(userId, orderId));
  }

  /** Sandbox portal: cancel at period end, resume, or renew (as a monthly invoice would). */
  async sandboxSubscription(user: User, action: 'cancel' | 'resume' | 'renew'): Promise<SubscriptionResponse> {
    this.requireSandbox();
    const id = `sandbox_${user.id}`;
    const sub = await this.d.repo.findSubscription(id);
    if (!sub) throw new AppError('conflict', 'You have no sandbox subscription yet. Subscribe to Pro first.');
    await this.transact(async (trx, effects) => {
      if (action === 'renew') {
        // A renewal is paid (no money moves in the sandbox): an order, as Stripe's invoice.paid makes one.
        const { periodStart, periodEnd } = await this.d.fulfilment.startSandboxMonth(trx, user.id, effects);
        const pro = this.d.catalog.find(PRO_PRODUCT_ID);
        await this.d.fulfilment.recordRenewal(trx, {
          userId: user.id,
          provider: 'sandbox',
          invoiceId: `sandbox_in_${newId()}`,
          amountCents: pro?.amountCents ?? 0,
          currency: pro?.currency ?? 'usd',
          paidAt: nowIso(),
          periodStart,
          periodEnd,
          paymentId: null,
          subscriptionId: id,
        });
        return;
      }
      return this.d.fulfilment.applySubscription(
        trx,
        user.id,
        {
          id,
          provider: 'sandbox',
          status: 'active',
          cancelAtPeriodEnd: action === 'cancel',
          periodEnd: sub.current_period_end,
          endedAt: null,
        },
        effects,
      );
    });
    return this.subscription(user);
  }

  /** The credit history: charges per message with the persona, refunds, purchases, grants (ledger.ts). */
  ledger(userId: string): Promise<LedgerEntry[]> {
    return creditHistory(this.d, userId);
  }

  /** Asks Stripe for the order's checkout session and applies what it says (the backstop). */
  async syncStripeSession(order: OrderRow): Promise<void> {
    const stripe = this.d.stripe;
    if (!stripe || !order.provider_session_id) return;
    const session = await stripe.retrieveSession(order.provider_session_id);
    await applySession(this, stripe, order, session);
  }

  /**
   * Ends the user's live subscription at its provider (the console's "End Pro"): `now` ends it at
   * once, `period-end` stops its renewals so it ends with the period paid for. Stripe is asked
   * first (a refusal changes nothing here: 502); the sandbox does the same to its own
   * subscription. Answers the subscription ended, or undefined when the user has no live one.
   */
  async endSubscription(
    userId: string,
    when: 'now' | 'period-end',
  ): Promise<{ id: string; provider: 'stripe' | 'sandbox'; periodEnd: string | null } | undefined> {
    const sub = await this.d.repo.latestSubscription(userId);
    if (!sub || !LIVE_SUBSCRIPTION_STATUSES.has(sub.status)) return undefined;
    let state: SubscriptionState;
    if (sub.provider === 'stripe') {
      if (!this.d.stripe) throw new AppError('billing:disabled', 'Stripe payments are not enabled on this server.');
      state = await this.d.stripe.cancelSubscription(sub.id, when);
    } else {
      const now = nowIso();
      state = {
        id: sub.id,
        provider: 'sandbox',
        status: when === 'now' ? 'canceled' : 'active',
        cancelAtPeriodEnd: when === 'period-end',
        periodEnd: sub.current_period_end,
        endedAt: when === 'now' ? now : null,
      };
    }
    await this.transact((trx, effects) => this.d.fulfilment.applySubscription(trx, userId, state, effects));
    return { id: sub.id, provider: sub.provider, periodEnd: sub.current_period_end };
  }

  /** Returns a Stripe order's payment in full (the console's refund); the sandbox moves no money. */
  async refundAtProvider(order: OrderRow): Promise<void> {
    if (order.provider !== 'stripe') return;
    if (!this.d.stripe) throw new AppError('billing:disabled', 'Stripe payments are not enabled on this server.');
    if (!order.provider_payment_id) throw new AppError('conflict', 'This order has no Stripe payment to refund.');
    await this.d.stripe.refundPayment(order.provider_payment_id, order.id);
  }

  get fulfilment(): Fulfilment {
    return this.d.fulfilment;
  }

  get repo(): BillingRepository {
    return this.d.repo;
  }

  private shouldAskStripe(order: OrderRow): boolean {
    if (order.status !== 'pending' || order.provider !== 'stripe' || !this.d.stripe) return false;
    const now = Date.now();
    if (now - Date.parse(order.created_at) < BACKSTOP_AFTER_MS) return false;
    return !order.checked_at || now - Date.parse(order.checked_at) >= BACKSTOP_AFTER_MS;
  }

  private async ownedOrder(userId: string, orderId: string): Promise<OrderRow> {
    const order = await this.d.repo.findOwnedOrder(userId, orderId);
    if (!order) throw new AppError('not-found', ORDER_NOT_FOUND);
    return order;
  }

  private requireProvider(): PaymentProvider {
    if (!this.d.provider) throw new AppError('billing:disabled', 'Payments are turned off on this server.');
    return this.d.provider;
  }

  private requireSandbox(): void {
    if (this.d.provider?.kind !== 'sandbox') {
      throw new AppError('billing:sandbox-only', 'The payment sandbox is not enabled on this server.');
    }
  }
}
