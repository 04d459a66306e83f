import type { Executor } from '../db/database.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';

export interface WaitlistEntry {
  email: string;
  createdAt: string;
  invitedAt: string | null;
}

export class WaitlistRepository {
  constructor(private readonly db: Executor) {}

  /** Adds the address once; a second call for the same address changes nothing. */
  async add(email: string, locale: string | null = null): Promise<void> {
    await this.db
      .insertInto('waitlist')
      .values({ id: newId(), email, created_at: nowIso(), invited_at: null, locale })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
  }

  async list(): Promise<WaitlistEntry[]> {
    const rows = await this.db.selectFrom('waitlist').selectAll().orderBy('created_at').orderBy('id').execute();
    return rows.map((r) => ({ email: r.email, createdAt: r.created_at, invitedAt: r.invited_at }));
  }

  /** The oldest addresses not invited yet. */
  async oldestWaiting(limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('waitlist')
      .select('email')
      .where('invited_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.email);
  }

  /** Which of these addresses are on the waitlist (invited or not). */
  async listed(emails: readonly string[]): Promise<string[]> {
    if (emails.length === 0) return [];
    const rows = await this.db.selectFrom('waitlist').select('email').where('email', 'in', emails).execute();
    return rows.map((r) => r.email);
  }

  /** The language the address joined in (null: unknown). */
  async localeOf(email: string): Promise<string | null> {
    const row = await this.db.selectFrom('waitlist').select('locale').where('email', '=', email).executeTakeFirst();
    return row?.locale ?? null;
  }

  async markInvited(email: string): Promise<void> {
    await this.db.updateTable('waitlist').set({ invited_at: nowIso() }).where('email', '=', email).execute();
  }

  async deleteForEmail(email: string, trx: Executor = this.db): Promise<void> {
    await trx.deleteFrom('waitlist').where('email', '=', email).execute();
  }
}
