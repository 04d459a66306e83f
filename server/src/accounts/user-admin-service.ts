import { randomBytes } from 'node:crypto';
import type { Actor, AuditLog } from '../audit/repository.js';
import { type User, userFromRow } from '../auth/user.js';
import type { CreditService } from '../credits/service.js';
import { type Db, inTransaction, type Tx, toJson } from '../db/database.js';
import type { UserRole } from '../db/schema.js';
import { isPro } from '../entitlements/pro.js';
import { AppError } from '../errors.js';
import type { EventBus } from '../lib/events.js';
import { nowIso } from '../lib/time.js';
import type { InviteService } from './invite-service.js';
import { presentUser } from './present-user.js';
import type { SessionRepository } from './session-repository.js';
import type { UserRepository } from './user-repository.js';
import type { WaitlistService } from './waitlist-service.js';

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

export interface UserAdminDeps {
  db: Db;
  users: UserRepository;
  sessions: SessionRepository;
  credits: CreditService;
  invites: InviteService;
  waitlist: WaitlistService;
  events: EventBus;
  audit: AuditLog;
}

/**
 * What an operator does to accounts (the console's /api/admin/users, invites and waitlist, and the
 * admin CLI), immich's `UserAdminService`: through accounts' repositories, each change with its
 * audit line in the change's own transaction; news (`session.revoked`, `user.changed`) once it commits.
 */
export class UserAdminService {
  constructor(private readonly d: UserAdminDeps) {}

  async search(q: string, limit = 50): Promise<AdminUserSummary[]> {
    const rows = await this.d.users.searchByEmail(q, limit);
    return rows.map((r) => summary(userFromRow(r), r.last_seen_at));
  }

  /** One user's summary (with when they were last seen). */
  async summary(id: string): Promise<AdminUserSummary & { flags: string[] }> {
    const user = await this.requireUser(id);
    const [lastSeen] = await this.search(user.email, 1).then((list) => list.filter((u) => u.id === id));
    return { ...summary(user, lastSeen?.lastSeenAt ?? null), flags: user.flags };
  }

  /** Grants (positive) or takes (negative) credits through the credit service: ledger, balance, live push. */
  async adjustCredits(actor: Actor, id: string, amount: number, note?: string): Promise<number> {
    if (!Number.isInteger(amount) || amount === 0)
      throw new AppError('request:invalid', 'Give a whole number of credits other than 0.');
    const user = await this.requireUser(id);
    const key = `admin:${user.id}:${Date.now()}:${randomBytes(4).toString('hex')}`;
    return inTransaction(this.d.db, async (trx) => {
      const balance = await this.d.credits.grantInTransaction(trx, {
        userId: user.id,
        amount,
        reason: amount > 0 ? 'admin-grant' : 'admin-take',
        key,
      });
      if (balance === undefined) throw new AppError('not-found', 'That user does not exist.');
      await this.d.audit.record(
        actor,
        {
          action: amount > 0 ? 'credits.grant' : 'credits.take',
          target: user.email,
          before: { credits: user.credits },
          after: { credits: balance, ...(note ? { note } : {}) },
        },
        trx,
      );
      return balance;
    });
  }

  /** Suspends: every session ends (sockets disconnect) and signing in is refused until lifted. */
  async suspend(actor: Actor, id: string): Promise<void> {
    const user = await this.requireUser(id);
    if (actor.id === user.id) throw new AppError('conflict', 'You cannot suspend your own account.');
    const at = user.suspendedAt ?? nowIso();
    await inTransaction(this.d.db, async (trx) => {
      await this.d.users.update(user.id, { suspended_at: at }, trx);
      const revoked = await this.d.sessions.revokeAllForUser(user.id, undefined, trx);
      if (revoked.length > 0) this.d.events.emitAfterCommit(trx, 'session.revoked', { sessionIds: revoked });
      await this.d.audit.record(
        actor,
        {
          action: 'user.suspend',
          target: user.email,
          before: { suspended: user.suspendedAt !== null },
          after: { suspended: true, sessionsRevoked: revoked.length },
        },
        trx,
      );
    });
  }

  async unsuspend(actor: Actor, id: string): Promise<void> {
    const user = await this.requireUser(id);
    await inTransaction(this.d.db, async (trx) => {
      await this.d.users.update(user.id, { suspended_at: null }, trx);
      await this.d.audit.record(
        actor,
        {
          action: 'user.unsuspend',
          target: user.email,
          before: { suspended: user.suspendedAt !== null },
          after: { suspended: false },
        },
        trx,
      );
    });
  }

  async setRole(actor: Actor, email: string, role: UserRole): Promise<void> {
    const user = await this.d.users.findByEmail(email.trim().toLowerCase());
    if (!user) throw new AppError('not-found', `No user with the email address ${email}`);
    if (actor.id === user.id && role !== 'admin')
      throw new AppError('conflict', 'You cannot take the admin role from yourself.');
    await inTransaction(this.d.db, async (trx) => {
      await this.d.users.update(user.id, { role }, trx);
      await this.d.audit.record(
        actor,
        { action: 'user.set-role', target: user.email, before: { role: user.role }, after: { role } },
        trx,
      );
    });
  }

  /** Deletes the account the way the user's own deletion does (every feature removes its rows). */
  async deleteUser(actor: Actor, id: string): Promise<void> {
    const user = await this.requireUser(id);
    if (actor.id === user.id) throw new AppError('conflict', 'You cannot delete your own account from the console.');
    const sessionIds = await this.d.sessions.activeIdsForUser(user.id);
    await inTransaction(this.d.db, async (trx) => {
      await this.d.events.emit('user.deleting', { userId: user.id, email: user.email, trx });
      await this.d.users.delete(user.id, trx);
      await this.d.audit.record(
        actor,
        { action: 'user.delete', target: user.email, before: { credits: user.credits, role: user.role }, after: null },
        trx,
      );
      if (sessionIds.length > 0) this.d.events.emitAfterCommit(trx, 'session.revoked', { sessionIds });
    });
  }

  /** `user.changed` once `trx` commits, with the user as clients see it (entitlements and billing call it). */
  async announceUser(trx: Tx, userId: string): Promise<void> {
    const row = await this.d.users.findById(userId, trx);
    if (row) this.d.events.emitAfterCommit(trx, 'user.changed', { userId, user: presentUser(userFromRow(row)) });
  }

  /** Sets or clears a user flag (e.g. insider), with its audit line in the same transaction; answers the flags. */
  async setFlag(actor: Actor, email: string, flag: string, on: boolean): Promise<string[]> {
    const user = await this.d.users.findByEmail(email.trim().toLowerCase());
    if (!user) throw new AppError('not-found', `No user with the email address ${email}`);
    const before = userFromRow(user).flags;
    const flags = new Set(before);
    if (on) flags.add(flag);
    else flags.delete(flag);
    const after = [...flags].sort();
    await inTransaction(this.d.db, async (trx) => {
      await this.d.users.update(user.id, { flags: toJson(after) }, trx);
      await this.d.audit.record(
        actor,
        { action: 'user.flag', target: user.email, before: { flags: before }, after: { flags: after } },
        trx,
      );
    });
    return after;
  }

  // ---------------------------------------------------------------- invites and waitlist

  listInvites() {
    return this.d.invites.list();
  }

  async createInvites(actor: Actor, count: number, uses: number): Promise<string[]> {
    return inTransaction(this.d.db, async (trx) => {
      const codes = await this.d.invites.create(count, uses, trx);
      await this.d.audit.record(
        actor,
        {
          action: 'invites.create',
          target: codes.map((c) => `${c.slice(0, 4)}-…`).join(', '),
          after: { count, uses },
        },
        trx,
      );
      return codes;
    });
  }

  async revokeInvite(actor: Actor, hint: string): Promise<number> {
    return inTransaction(this.d.db, async (trx) => {
      const revoked = await this.d.invites.revoke(hint, trx);
      await this.d.audit.record(actor, { action: 'invites.revoke', target: hint, after: { revoked } }, trx);
      return revoked;
    });
  }

  listWaitlist() {
    return this.d.waitlist.list();
  }

  /**
   * Invites the oldest waiting addresses by mail. The audit line tells the mails' outcome, so it is
   * written once they were sent (each invite is written before its mail goes).
   */
  async inviteFromWaitlist(actor: Actor, count: number) {
    const results = await this.d.waitlist.inviteOldest(count);
    await this.d.audit.record(actor, {
      action: 'waitlist.invite',
      target: results.map((r) => r.email).join(', ') || '(nobody waiting)',
      after: { sent: results.filter((r) => r.sent).length, failed: results.filter((r) => !r.sent).length },
    });
    return results;
  }

  /** Approves waitlist entries by address: each gets an invite mail (audited with the outcome, after the mails). */
  async approveWaitlist(actor: Actor, emails: string[]) {
    const results = await this.d.waitlist.approve(emails);
    await this.d.audit.record(actor, {
      action: 'waitlist.approve',
      target: results.map((r) => r.email).join(', '),
      after: { sent: results.filter((r) => r.sent).length, failed: results.filter((r) => !r.sent).length },
    });
    return results;
  }

  async requireUser(id: string): Promise<User> {
    const row = await this.d.users.findById(id);
    if (!row) throw new AppError('not-found', 'That user does not exist.');
    return userFromRow(row);
  }
}
