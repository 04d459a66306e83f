import type { FastifyBaseLogger } from 'fastify';
import type { Actor, AuditLog } from '../audit/repository.js';
import type { User, UserLookup } from '../auth/user.js';
import { isPro, type ProEntitlements } from '../entitlements/pro.js';
import { AppError } from '../errors.js';
import { nowIso } from '../lib/time.js';
import type { Mailer } from '../mail/mailer.js';
import { proEndedMail } from '../mail/templates.js';
import type { BillingService } from './service.js';

export interface BillingAdminDeps {
  billing: BillingService;
  users: UserLookup;
  /** Pro's one writer (entitlements/). */
  pro: ProEntitlements;
  audit: AuditLog;
  /** The app's address, for the Pro-ended mail. */
  appUrl: string;
  /** Tells users by mail what the operator did to their account (End Pro). */
  mailer?: Pick<Mailer, 'send'>;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * What an operator does to orders and subscriptions (the console's /api/admin/orders and End Pro):
 * through billing's repository and service, each change with its audit line in its transaction.
 */
export class BillingAdminService {
  constructor(private readonly d: BillingAdminDeps) {}

  /** Orders whose buyer's address contains `q` (all when blank), newest first. */
  async listOrders(q: string, limit = 100) {
    return (await this.d.billing.repo.searchOrders(q, limit)).map((o) => ({
      id: o.id,
      email: o.email,
      product: o.product,
      kind: o.kind,
      provider: o.provider,
      status: o.refunded_at ? ('refunded' as const) : o.status,
      credits: o.credits,
      refundedCredits: o.refunded_credits,
      amountCents: o.amount_cents,
      refundedCents: o.refunded_cents,
      currency: o.currency,
      createdAt: o.created_at,
      paidAt: o.paid_at,
      refundedAt: o.refunded_at,
      renewal: o.provider_invoice_id !== null,
      periodStart: o.period_start,
      periodEnd: o.period_end,
    }));
  }

  /** One user's orders (newest 100) as the console's user page shows them. */
  async userOrders(userId: string) {
    return (await this.d.billing.repo.listOrders(userId, 100)).map((o) => ({
      id: o.id,
      product: o.product,
      kind: o.kind,
      status: o.refunded_at ? 'refunded' : o.status,
      credits: o.credits,
      amountCents: o.amount_cents,
      currency: o.currency,
      createdAt: o.created_at,
      renewal: o.provider_invoice_id !== null,
      periodStart: o.period_start,
      periodEnd: o.period_end,
    }));
  }

  /** One user's credit ledger (the console's user page). */
  ledger(userId: string) {
    return this.d.billing.ledger(userId);
  }

  /**
   * Refunds a paid order in full through its provider (Stripe's refund API; the sandbox moves no
   * money), then takes back the pack's unspent credits — or a Pro order's (or renewal's) remaining
   * period — as the `charge.refunded` webhook does (the
   * same idempotent claw-back, so the webhook that follows takes nothing more). Audited in the
   * claw-back's transaction.
   */
  async refundOrder(actor: Actor, orderId: string): Promise<void> {
    const order = await this.d.billing.repo.findOrder(orderId);
    if (!order) throw new AppError('not-found', 'That order does not exist.');
    if (order.status !== 'paid') throw new AppError('conflict', 'Only paid orders can be refunded.');
    if (order.refunded_at) throw new AppError('conflict', 'This order was already refunded.');
    if (order.provider === 'stripe') {
      await this.d.billing.refundAtProvider(order);
    }
    const user = await this.d.users.findById(order.user_id);
    await this.d.billing.transact(async (trx, effects) => {
      const fresh = (await this.d.billing.repo.findOrder(order.id, trx)) ?? order;
      // A pack's unspent credits, or the rest of a Pro order's period (its devices are told).
      await this.d.billing.fulfilment.clawBack(trx, fresh, 1, { cents: order.amount_cents, effects });
      await this.d.billing.repo.updateOrder(
        order.id,
        { refunded_at: nowIso(), refunded_cents: order.amount_cents },
        trx,
      );
      const after = await this.d.users.findById(order.user_id, trx);
      await this.d.audit.record(
        actor,
        {
          action: 'order.refund',
          target: order.id,
          before: { status: order.status, credits: user?.credits ?? null },
          after: {
            status: 'refunded',
            amountCents: order.amount_cents,
            currency: order.currency,
            credits: after?.credits ?? null,
          },
        },
        trx,
      );
    });
  }

  /**
   * Ends Pro, and the provider subscription with it (issue #40: Stripe kept billing otherwise):
   * `now` cancels the subscription at once and ends Pro now; `period-end` stops its renewals so
   * Pro ends with the period already paid for (refused without a live subscription: there is no
   * such period). The provider is asked first: when it refuses (502) nothing changes here. Pro's
   * end and its audit line are one transaction; the user's devices hear it (`user.changed`) once
   * it commits, and the user gets a mail.
   */
  async endPro(
    actor: Actor,
    id: string,
    when: 'now' | 'period-end' = 'now',
  ): Promise<{ proExpiry: string | null; subscription: string | null }> {
    const user = await this.requireUser(id);
    const ended = await this.d.billing.endSubscription(user.id, when);
    if (when === 'period-end' && !ended)
      throw new AppError(
        'conflict',
        'This user has no live subscription to end at its period end. End Pro now instead.',
      );
    const until = when === 'now' ? nowIso() : (ended?.periodEnd ?? nowIso());
    const after = await this.d.billing.transact(async (trx, effects) => {
      // Days given from the console beyond the paid period end with it too.
      await this.d.pro.endPro(user.id, until, undefined, trx);
      effects.users.add(user.id);
      const proExpiry = (await this.d.pro.holder(user.id, trx))?.pro_expiry ?? null;
      await this.d.audit.record(
        actor,
        {
          action: 'pro.end',
          target: user.email,
          before: { proExpiry: user.proExpiry },
          after: {
            proExpiry,
            when,
            subscription: ended ? { id: ended.id, provider: ended.provider, canceled: when } : null,
          },
        },
        trx,
      );
      return proExpiry;
    });
    if (isPro(user) || ended) await this.tellProEnded(user.email, when === 'now' ? null : after, user.locale);
    return { proExpiry: after, subscription: ended?.id ?? null };
  }

  /** The mail that tells the user their Pro was ended (a failed mail is logged, never an error). */
  private async tellProEnded(email: string, until: string | null, locale: string | null): Promise<void> {
    if (!this.d.mailer) return;
    try {
      await this.d.mailer.send(proEndedMail(email, until, this.d.appUrl, locale));
    } catch (error) {
      this.d.log?.error({ err: error }, 'the Pro-ended mail failed');
    }
  }

  private async requireUser(id: string): Promise<User> {
    const user = await this.d.users.findById(id);
    if (!user) throw new AppError('not-found', 'That user does not exist.');
    return user;
  }
}
