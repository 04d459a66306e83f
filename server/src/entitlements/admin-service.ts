import type { Actor, AuditLog } from '../audit/repository.js';
import { type Db, inTransaction, type Tx } from '../db/database.js';
import { AppError } from '../errors.js';
import { ProEntitlements } from './pro.js';

export interface ProAdminDeps {
  db: Db;
  audit: AuditLog;
  /** Queues `user.changed` (the user as clients see it) for when `trx` commits (accounts presents users). */
  announceUser: (trx: Tx, userId: string) => Promise<void>;
}

/**
 * What an operator does to Pro from the console and the admin CLI (billing's End Pro ends the
 * subscription too, billing/admin-service.ts): the change, its audit line and its announcement
 * (`user.changed`, once committed) in one transaction.
 */
export class ProAdminService {
  readonly pro: ProEntitlements;

  constructor(private readonly d: ProAdminDeps) {
    this.pro = new ProEntitlements(d.db);
  }

  /** Gives Pro for `days` more days (from the later of now and the current expiry); returns the expiry. */
  async givePro(actor: Actor, userId: string, days: number): Promise<string> {
    return inTransaction(this.d.db, async (trx) => {
      const holder = await this.pro.holder(userId, trx);
      const expiry = holder && (await this.pro.grantPro(userId, days, trx));
      if (!holder || expiry === undefined) throw new AppError('not-found', 'That user does not exist.');
      await this.d.announceUser(trx, userId);
      await this.d.audit.record(
        actor,
        {
          action: 'pro.give',
          target: holder.email,
          before: { proExpiry: holder.pro_expiry },
          after: { proExpiry: expiry },
        },
        trx,
      );
      return expiry;
    });
  }
}
