import type { Executor } from '../db/database.js';
import { nowIso } from '../lib/time.js';

const DAY_MS = 86_400_000;

/**
 * The only writer of `users.pro_expiry` (through `ProEntitlements`, entitlements/pro.ts). Every
 * write is one conditional UPDATE, so two writers never lose each other's change (no
 * read-modify-write).
 */
export class ProRepository {
  constructor(private readonly db: Executor) {}

  /** Whose Pro it is (their address) and its expiry; undefined when there is no such user. */
  holder(userId: string, trx: Executor = this.db): Promise<{ email: string; pro_expiry: string | null } | undefined> {
    return trx.selectFrom('users').select(['email', 'pro_expiry']).where('id', '=', userId).executeTakeFirst();
  }

  /** Moves Pro's expiry later, never earlier; true when it moved. */
  async extendPro(userId: string, until: string, trx: Executor = this.db): Promise<boolean> {
    const row = await trx
      .updateTable('users')
      .set({ pro_expiry: until, updated_at: nowIso() })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('pro_expiry', 'is', null), eb('pro_expiry', '<', until)]))
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Ends Pro at `end` (only an expiry after it moves back). With `grantedUntil` (a subscription that
   * ended): only an expiry no later than what that subscription had paid for, so days given
   * another way are kept.
   */
  async endPro(userId: string, end: string, grantedUntil?: string, trx: Executor = this.db): Promise<void> {
    let update = trx
      .updateTable('users')
      .set({ pro_expiry: end, updated_at: nowIso() })
      .where('id', '=', userId)
      .where('pro_expiry', '>', end);
    if (grantedUntil !== undefined) update = update.where('pro_expiry', '<=', grantedUntil);
    await update.execute();
  }

  /**
   * Gives `days` more days of Pro from the later of now and the current expiry; returns the new
   * expiry (undefined: no such user). A compare-and-set on the expiry it read: a concurrent change
   * makes it read again rather than overwrite.
   */
  async grantPro(userId: string, days: number, trx: Executor = this.db): Promise<string | undefined> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const row = await trx.selectFrom('users').select('pro_expiry').where('id', '=', userId).executeTakeFirst();
      if (!row) return undefined;
      const current = row.pro_expiry;
      const expiry = new Date(Math.max(Date.now(), current ? Date.parse(current) : 0) + days * DAY_MS).toISOString();
      const moved = await trx
        .updateTable('users')
        .set({ pro_expiry: expiry, updated_at: nowIso() })
        .where('id', '=', userId)
        .where((eb) => (current === null ? eb('pro_expiry', 'is', null) : eb('pro_expiry', '=', current)))
        .returning('id')
        .executeTakeFirst();
      if (moved) return expiry;
    }
    throw new Error('Pro expiry kept changing while giving days');
  }
}
