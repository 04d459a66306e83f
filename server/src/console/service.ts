import { randomBytes } from 'node:crypto';
import { type PersonaRecord, personaRecordSchema } from '@neura/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { InviteService } from '../accounts/invite-service.js';
import { presentUser } from '../accounts/present-user.js';
import type { WaitlistService } from '../accounts/waitlist-service.js';
import { type User, userFromRow } from '../auth/user.js';
import type { BillingService } from '../billing/service.js';
import type { Config } from '../config.js';
import type { CreditService } from '../credits/service.js';
import type { Db } from '../db/database.js';
import type { PersonaRow, UserRole } from '../db/schema.js';
import { isPro, ProEntitlements } from '../entitlements/pro.js';
import { AppError } from '../errors.js';
import type { EventBus } from '../lib/events.js';
import { nowIso } from '../lib/time.js';
import type { Mailer } from '../mail/mailer.js';
import { proEndedMail } from '../mail/templates.js';
import type { AvatarFile, PersonaAvatars } from '../personas/avatar.js';
import { personaAvatarUrl, personaRow, toPersonaRecord } from '../personas/present.js';
import type { PersonaRepository } from '../personas/repository.js';
import type { PersonaService } from '../personas/service.js';
import type { ConsoleSessions, ConsoleUsers } from './accounts-ports.js';
import type { Actor, AuditLog } from './audit.js';
import { computeDashboard, type Dashboard, type ModelPrice } from './dashboard.js';
import type { DashboardDays } from './dashboard-days.js';

/** What the console works with (the same objects the app and the CLI compose). */
export interface ConsoleDeps {
  db: Db;
  config: Config;
  events: EventBus;
  credits: CreditService;
  users: ConsoleUsers;
  sessions: ConsoleSessions;
  invites: InviteService;
  waitlist: WaitlistService;
  personas: PersonaService;
  personaRepository: PersonaRepository;
  avatars: PersonaAvatars;
  billing: BillingService;
  /** Tells every open app that the catalog changed (`personas.changed`). */
  announceCatalog: () => void;
  /** Tells users by mail what the operator did to their account (End Pro). */
  mailer?: Pick<Mailer, 'send'>;
  log?: FastifyBaseLogger;
}

export interface AdminUserSummary {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  credits: number;
  isPro: boolean;
  proExpiry: string | null;
  suspended: boolean;
  createdAt: string;
  lastSeenAt: string | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function summary(user: User, lastSeenAt: string | null): AdminUserSummary {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    credits: user.credits,
    isPro: isPro(user),
    proExpiry: user.proExpiry,
    suspended: user.suspendedAt !== null,
    createdAt: user.createdAt,
    lastSeenAt,
  };
}

/**
 * The operator's console: what the /api/admin routes and the admin CLI do. Every change writes
 * an audit line (who, what, target, before → after) after it succeeded.
 */
export class ConsoleService {
  /** Pro is written only through entitlements/ (conditional updates). */
  private readonly pro: ProEntitlements;

  constructor(
    private readonly d: ConsoleDeps,
    readonly audit: AuditLog,
    private readonly dashboardDays?: DashboardDays,
  ) {
    this.pro = new ProEntitlements(d.db);
  }

  // ---------------------------------------------------------------- dashboard

  async dashboard(days: number, timeZone: string): Promise<Dashboard> {
    return computeDashboard(
      this.d.db,
      this.d.config.database.kind,
      days,
      timeZone,
      await this.modelPrices(),
      Date.now(),
      this.dashboardDays,
    );
  }

  /**
   * Token prices per model: the ones set in the console, and MODEL_PRICES (config) for the models
   * the console has not priced. `source` says where each comes from.
   */
  async modelPrices(): Promise<Array<ModelPrice & { source: 'console' | 'config' }>> {
    const rows = await this.d.db.selectFrom('model_prices').selectAll().orderBy('model').execute();
    const set = rows.map((r) => ({
      model: r.model,
      inputPerMTok: Number(r.input_per_mtok),
      outputPerMTok: Number(r.output_per_mtok),
      source: 'console' as const,
    }));
    const priced = new Set(set.map((p) => p.model));
    const configured = this.d.config.MODEL_PRICES.filter((p) => !priced.has(p.model)).map((p) => ({
      ...p,
      source: 'config' as const,
    }));
    return [...set, ...configured].sort((a, b) => (a.model < b.model ? -1 : a.model > b.model ? 1 : 0));
  }

  async setModelPrice(actor: Actor, price: ModelPrice): Promise<ModelPrice> {
    const current = (await this.modelPrices()).find((p) => p.model === price.model);
    const before = current
      ? { model: current.model, inputPerMTok: current.inputPerMTok, outputPerMTok: current.outputPerMTok }
      : null;
    const now = nowIso();
    await this.d.db
      .insertInto('model_prices')
      .values({
        model: price.model,
        input_per_mtok: price.inputPerMTok,
        output_per_mtok: price.outputPerMTok,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .column('model')
          .doUpdateSet({ input_per_mtok: price.inputPerMTok, output_per_mtok: price.outputPerMTok, updated_at: now }),
      )
      .execute();
    await this.audit.record(actor, { action: 'model-price.set', target: price.model, before, after: price });
    return price;
  }

  // ---------------------------------------------------------------- users

  async searchUsers(q: string, limit = 50): Promise<AdminUserSummary[]> {
    let query = this.d.db
      .selectFrom('users')
      .selectAll('users')
      .select((eb) =>
        eb
          .selectFrom('sessions')
          .select((s) => s.fn.max('sessions.last_used_at').as('t'))
          .whereRef('sessions.user_id', '=', 'users.id')
          .as('last_seen_at'),
      )
      .orderBy('users.email')
      .limit(limit);
    const term = q.trim().toLowerCase();
    if (term) query = query.where(sql<boolean>`users.email LIKE ${`%${escapeLike(term)}%`} ESCAPE '\\'`);
    const rows = await query.execute();
    return rows.map((r) => summary(userFromRow(r), (r.last_seen_at as string | null) ?? null));
  }

  async userDetail(id: string) {
    const user = await this.requireUser(id);
    const [lastSeen] = await this.searchUsers(user.email, 1).then((list) => list.filter((u) => u.id === id));
    const chats = await this.d.db
      .selectFrom('chats')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', id)
      .executeTakeFirst();
    const orders = await this.d.billing.repo.listOrders(id, 100);
    return {
      ...summary(user, lastSeen?.lastSeenAt ?? null),
      flags: user.flags,
      chats: Number(chats?.n ?? 0),
      ledger: await this.d.billing.ledger(id),
      orders: orders.map((o) => ({
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
      })),
    };
  }

  /** Grants (positive) or takes (negative) credits through the credit service: ledger, balance, live push. */
  async adjustCredits(actor: Actor, id: string, amount: number, note?: string): Promise<number> {
    if (!Number.isInteger(amount) || amount === 0)
      throw new AppError('request:invalid', 'Give a whole number of credits other than 0.');
    const user = await this.requireUser(id);
    const key = `admin:${user.id}:${Date.now()}:${randomBytes(4).toString('hex')}`;
    const balance = await this.d.credits.grant({
      userId: user.id,
      amount,
      reason: amount > 0 ? 'admin-grant' : 'admin-take',
      key,
    });
    if (balance === undefined) throw new AppError('not-found', 'That user does not exist.');
    await this.audit.record(actor, {
      action: amount > 0 ? 'credits.grant' : 'credits.take',
      target: user.email,
      before: { credits: user.credits },
      after: { credits: balance, ...(note ? { note } : {}) },
    });
    return balance;
  }

  /** Gives Pro for `days` more days (from the later of now and the current expiry); returns the expiry. */
  async givePro(actor: Actor, id: string, days: number): Promise<string> {
    const user = await this.requireUser(id);
    const expiry = await this.pro.grantPro(user.id, days);
    if (expiry === undefined) throw new AppError('not-found', 'That user does not exist.');
    await this.announceUser(user.id);
    await this.audit.record(actor, {
      action: 'pro.give',
      target: user.email,
      before: { proExpiry: user.proExpiry },
      after: { proExpiry: expiry },
    });
    return expiry;
  }

  /**
   * Ends Pro, and the provider subscription with it (issue #40: Stripe kept billing otherwise):
   * `now` cancels the subscription at once and ends Pro now; `period-end` stops its renewals so
   * Pro ends with the period already paid for (refused without a live subscription: there is no
   * such period). The provider is asked first: when it refuses (502) nothing changes here. Audited;
   * the user's devices hear it (`user.changed`) and the user gets a mail.
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
    // Days given from the console beyond the paid period end with it too.
    await this.pro.endPro(user.id, until);
    const after = await this.requireUser(user.id);
    await this.announceUser(user.id);
    await this.audit.record(actor, {
      action: 'pro.end',
      target: user.email,
      before: { proExpiry: user.proExpiry },
      after: {
        proExpiry: after.proExpiry,
        when,
        subscription: ended ? { id: ended.id, provider: ended.provider, canceled: when } : null,
      },
    });
    if (isPro(user) || ended) await this.tellProEnded(user.email, when === 'now' ? null : after.proExpiry);
    return { proExpiry: after.proExpiry, subscription: ended?.id ?? null };
  }

  /** The mail that tells the user their Pro was ended (a failed mail is logged, never an error). */
  private async tellProEnded(email: string, until: string | null): Promise<void> {
    if (!this.d.mailer) return;
    const appUrl = this.d.config.PUBLIC_URL ?? `http://localhost:${this.d.config.PORT}`;
    try {
      await this.d.mailer.send(proEndedMail(email, until, appUrl));
    } catch (error) {
      this.d.log?.error({ err: error }, 'the Pro-ended mail failed');
    }
  }

  /** The user's open tabs and devices take the changed account at once (`user.changed`). */
  private async announceUser(userId: string): Promise<void> {
    const row = await this.d.users.findById(userId);
    if (row) await this.d.events.emit('user.changed', { userId, user: presentUser(userFromRow(row)) });
  }

  /** Suspends: every session ends (sockets disconnect) and signing in is refused until lifted. */
  async suspend(actor: Actor, id: string): Promise<void> {
    const user = await this.requireUser(id);
    if (actor.id === user.id) throw new AppError('conflict', 'You cannot suspend your own account.');
    const at = user.suspendedAt ?? nowIso();
    await this.d.users.update(user.id, { suspended_at: at });
    const revoked = await this.d.sessions.revokeAllForUser(user.id);
    if (revoked.length > 0) await this.d.events.emit('session.revoked', { sessionIds: revoked });
    await this.audit.record(actor, {
      action: 'user.suspend',
      target: user.email,
      before: { suspended: user.suspendedAt !== null },
      after: { suspended: true, sessionsRevoked: revoked.length },
    });
  }

  async unsuspend(actor: Actor, id: string): Promise<void> {
    const user = await this.requireUser(id);
    await this.d.users.update(user.id, { suspended_at: null });
    await this.audit.record(actor, {
      action: 'user.unsuspend',
      target: user.email,
      before: { suspended: user.suspendedAt !== null },
      after: { suspended: false },
    });
  }

  async setRole(actor: Actor, email: string, role: UserRole): Promise<void> {
    const user = await this.d.users.findByEmail(email.trim().toLowerCase());
    if (!user) throw new AppError('not-found', `No user with the email address ${email}`);
    if (actor.id === user.id && role !== 'admin')
      throw new AppError('conflict', 'You cannot take the admin role from yourself.');
    await this.d.users.update(user.id, { role });
    await this.audit.record(actor, {
      action: 'user.set-role',
      target: user.email,
      before: { role: user.role },
      after: { role },
    });
  }

  /** Deletes the account the way the user's own deletion does (every feature removes its rows). */
  async deleteUser(actor: Actor, id: string): Promise<void> {
    const user = await this.requireUser(id);
    if (actor.id === user.id) throw new AppError('conflict', 'You cannot delete your own account from the console.');
    const sessionIds = await this.d.sessions.activeIdsForUser(user.id);
    await this.d.db.transaction().execute(async (trx) => {
      await this.d.events.emit('user.deleting', { userId: user.id, email: user.email, trx });
      await this.d.users.delete(user.id, trx);
    });
    if (sessionIds.length > 0) await this.d.events.emit('session.revoked', { sessionIds });
    await this.audit.record(actor, {
      action: 'user.delete',
      target: user.email,
      before: { credits: user.credits, role: user.role },
      after: null,
    });
  }

  // ---------------------------------------------------------------- personas

  /**
   * A persona of the operator's catalog: undefined when there is none with that id, null when the
   * id is someone's own persona (issue #29: those are reviewed, unlisted and priced in the review
   * queue, never published, edited or given an avatar here).
   */
  private async catalogPersona(id: string): Promise<PersonaRow | null | undefined> {
    const row = await this.d.personaRepository.findById(id);
    if (!row) return undefined;
    return row.owner_id == null ? row : null;
  }

  async listPersonas(): Promise<Array<PersonaRecord & { sortOrder: number }>> {
    return (await this.d.personaRepository.listAll()).map((row) => ({
      ...toPersonaRecord(row),
      sortOrder: row.sort_order,
    }));
  }

  /** Creates or replaces a persona (validated as the CLI's import is); the catalog changes at once. */
  async savePersona(actor: Actor, input: unknown, expectExisting: boolean): Promise<PersonaRecord> {
    const parsed = personaRecordSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AppError('request:invalid', `Invalid persona at ${issue?.path.join('.') || '?'}: ${issue?.message}`);
    }
    const record = parsed.data;
    const existing = await this.catalogPersona(record.id);
    // People's own personas are not the catalog's: their ids are neither edited nor taken here.
    if (!expectExisting && existing === null) throw new AppError('conflict', 'A persona with that id already exists.');
    if (expectExisting && !existing) throw new AppError('not-found', 'That persona does not exist.');
    if (!expectExisting && existing) throw new AppError('conflict', 'A persona with that id already exists.');
    const all = await this.d.personaRepository.listAll();
    const order = existing ? existing.sort_order : Math.max(-1, ...all.map((p) => p.sort_order)) + 1;
    const row = personaRow(record, order);
    if (existing) row.created_at = existing.created_at;
    await this.d.personaRepository.upsert(row);
    this.catalogChanged();
    await this.audit.record(actor, {
      action: existing ? 'persona.edit' : 'persona.create',
      target: record.id,
      before: existing ? changedFields(toPersonaRecord(existing), record).before : null,
      after: existing ? changedFields(toPersonaRecord(existing), record).after : record,
    });
    return record;
  }

  async setPublished(actor: Actor, id: string, published: boolean): Promise<void> {
    const existing = await this.catalogPersona(id);
    if (!existing) throw new AppError('not-found', 'That persona does not exist.');
    await this.d.db
      .updateTable('personas')
      .set({ published: published ? 1 : 0, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    this.catalogChanged();
    await this.audit.record(actor, {
      action: published ? 'persona.publish' : 'persona.unpublish',
      target: id,
      before: { published: existing.published === 1 },
      after: { published },
    });
  }

  /**
   * Uploads a persona's avatar (checked and normalised by personas/avatar.ts; nothing is stored or
   * logged when the picture is refused); Explore and New Chat show it at once.
   */
  async setPersonaAvatar(actor: Actor, id: string, bytes: Buffer): Promise<{ avatarUrl: string }> {
    if (!(await this.catalogPersona(id))) throw new AppError('not-found', 'That persona does not exist.');
    const saved = await this.d.avatars.save(id, bytes);
    this.catalogChanged();
    await this.audit.record(actor, {
      action: 'persona.avatar',
      target: id,
      before: { avatar: saved.previous ? 'uploaded' : null },
      after: { avatar: 'uploaded', bytes: saved.size },
    });
    return { avatarUrl: personaAvatarUrl({ id, updated_at: saved.updatedAt }) };
  }

  /** Removes the uploaded avatar: the generated art shows again. */
  async removePersonaAvatar(actor: Actor, id: string): Promise<boolean> {
    if (!(await this.catalogPersona(id))) throw new AppError('not-found', 'That persona does not exist.');
    const removed = await this.d.avatars.remove(id);
    if (!removed) return false;
    this.catalogChanged();
    await this.audit.record(actor, {
      action: 'persona.avatar-remove',
      target: id,
      before: { avatar: 'uploaded' },
      after: { avatar: null },
    });
    return true;
  }

  /** Any persona's avatar, published or not (the console's editor shows it). */
  personaAvatar(id: string): Promise<AvatarFile> {
    return this.d.avatars.read(id, () => true);
  }

  /** Puts the listed personas first, in that order (the others keep theirs after them). */
  async reorderPersonas(actor: Actor, ids: string[]): Promise<void> {
    const all = await this.d.personaRepository.listAll();
    const known = new Set(all.map((p) => p.id));
    const unknown = ids.find((id) => !known.has(id));
    if (unknown) throw new AppError('not-found', `No persona ${unknown}.`);
    const order = [...ids, ...all.map((p) => p.id).filter((id) => !ids.includes(id))];
    const now = nowIso();
    await this.d.db.transaction().execute(async (trx) => {
      for (const [i, id] of order.entries()) {
        await trx.updateTable('personas').set({ sort_order: i, updated_at: now }).where('id', '=', id).execute();
      }
    });
    this.catalogChanged();
    await this.audit.record(actor, {
      action: 'persona.reorder',
      target: 'catalog',
      before: all.map((p) => p.id),
      after: order,
    });
  }

  // ---------------------------------------------------------------- orders

  async listOrders(q: string, limit = 100) {
    let query = this.d.db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .selectAll('orders')
      .select('users.email as email')
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(limit);
    const term = q.trim().toLowerCase();
    if (term) query = query.where(sql<boolean>`users.email LIKE ${`%${escapeLike(term)}%`} ESCAPE '\\'`);
    return (await query.execute()).map((o) => ({
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

  /**
   * Refunds a paid order in full through its provider (Stripe's refund API; the sandbox moves no
   * money), then takes back the pack's unspent credits — or a Pro order's (or renewal's) remaining
   * period — as the `charge.refunded` webhook does (the same idempotent claw-back, so the webhook
   * that follows takes nothing more).
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
    });
    const after = await this.d.users.findById(order.user_id);
    await this.audit.record(actor, {
      action: 'order.refund',
      target: order.id,
      before: { status: order.status, credits: user?.credits ?? null },
      after: {
        status: 'refunded',
        amountCents: order.amount_cents,
        currency: order.currency,
        credits: after?.credits ?? null,
      },
    });
  }

  // ---------------------------------------------------------------- invites and waitlist

  listInvites() {
    return this.d.invites.list();
  }

  async createInvites(actor: Actor, count: number, uses: number): Promise<string[]> {
    const codes = await this.d.invites.create(count, uses);
    await this.audit.record(actor, {
      action: 'invites.create',
      target: codes.map((c) => `${c.slice(0, 4)}-…`).join(', '),
      after: { count, uses },
    });
    return codes;
  }

  async revokeInvite(actor: Actor, hint: string): Promise<number> {
    const revoked = await this.d.invites.revoke(hint);
    await this.audit.record(actor, { action: 'invites.revoke', target: hint, after: { revoked } });
    return revoked;
  }

  listWaitlist() {
    return this.d.waitlist.list();
  }

  async inviteFromWaitlist(actor: Actor, count: number) {
    const results = await this.d.waitlist.inviteOldest(count);
    await this.audit.record(actor, {
      action: 'waitlist.invite',
      target: results.map((r) => r.email).join(', ') || '(nobody waiting)',
      after: { sent: results.filter((r) => r.sent).length, failed: results.filter((r) => !r.sent).length },
    });
    return results;
  }

  /** Approves waitlist entries by address: each gets an invite mail (audited with the outcome). */
  async approveWaitlist(actor: Actor, emails: string[]) {
    const results = await this.d.waitlist.approve(emails);
    await this.audit.record(actor, {
      action: 'waitlist.approve',
      target: results.map((r) => r.email).join(', '),
      after: { sent: results.filter((r) => r.sent).length, failed: results.filter((r) => !r.sent).length },
    });
    return results;
  }

  // ---------------------------------------------------------------- feedback

  async listFeedback(limit = 200) {
    const rows = await this.d.db
      .selectFrom('feedback')
      .leftJoin('users', 'users.id', 'feedback.user_id')
      .select([
        'feedback.id',
        'feedback.type',
        'feedback.about',
        'feedback.message',
        'feedback.created_at',
        'feedback.handled_at',
        'users.email',
      ])
      .orderBy('feedback.created_at', 'desc')
      .orderBy('feedback.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      about: r.about,
      /** Feedback with no comment is the "helpful" answer; a comment comes with "not helpful". */
      helpful: r.message === null,
      message: r.message,
      email: r.email,
      createdAt: r.created_at,
      handledAt: r.handled_at,
    }));
  }

  async markFeedbackHandled(actor: Actor, id: string, handled: boolean): Promise<void> {
    const row = await this.d.db
      .selectFrom('feedback')
      .select(['id', 'handled_at', 'about'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('not-found', 'That feedback does not exist.');
    await this.d.db
      .updateTable('feedback')
      .set({ handled_at: handled ? (row.handled_at ?? nowIso()) : null })
      .where('id', '=', id)
      .execute();
    await this.audit.record(actor, {
      action: handled ? 'feedback.handled' : 'feedback.reopened',
      target: `${row.about} ${id}`,
      before: { handled: row.handled_at !== null },
      after: { handled },
    });
  }

  private catalogChanged(): void {
    this.d.personas.invalidateCatalog();
    try {
      this.d.announceCatalog();
    } catch {
      // No sockets attached (the CLI without a server): apps see the change on their next load.
    }
  }

  private async requireUser(id: string): Promise<User> {
    const row = await this.d.users.findById(id);
    if (!row) throw new AppError('not-found', 'That user does not exist.');
    return userFromRow(row);
  }
}

/** The fields that differ, before and after (the audit line of an edit). */
function changedFields(before: PersonaRecord, after: PersonaRecord) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys({ ...before, ...after }) as Array<keyof PersonaRecord>) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      b[key] = before[key] ?? null;
      a[key] = after[key] ?? null;
    }
  }
  return { before: b, after: a };
}
