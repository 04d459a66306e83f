import type { Executor } from '../db/database.js';
import type { EmailCodeRow } from '../db/schema.js';
import { nowIso } from '../lib/time.js';

export type CodeKind = EmailCodeRow['kind'];

export class CodeRepository {
  constructor(private readonly db: Executor) {}

  /** Voids every open code of that kind for the address, then stores the new one (one transaction). */
  async replace(row: EmailCodeRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('email_codes')
        .set({ consumed_at: nowIso() })
        .where('email', '=', row.email)
        .where('kind', '=', row.kind)
        .where('consumed_at', 'is', null)
        .execute();
      await trx.insertInto('email_codes').values(row).execute();
    });
  }

  /** The open (not used, not voided) code of that kind, if any. */
  findOpen(email: string, kind: CodeKind): Promise<EmailCodeRow | undefined> {
    return this.db
      .selectFrom('email_codes')
      .selectAll()
      .where('email', '=', email)
      .where('kind', '=', kind)
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  /** Counts one wrong try; returns the tries now recorded (0 when the code was already closed). */
  async addWrongTry(id: string): Promise<number> {
    await this.db
      .updateTable('email_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .execute();
    const row = await this.db.selectFrom('email_codes').select('attempts').where('id', '=', id).executeTakeFirst();
    return row?.attempts ?? 0;
  }

  /** Closes the code once: false when another request used or voided it first, or it ran out of tries. */
  async consume(id: string, maxWrongTries: number): Promise<boolean> {
    const result = await this.db
      .updateTable('email_codes')
      .set({ consumed_at: nowIso() })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .where('attempts', '<', maxWrongTries)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async voidCode(id: string): Promise<void> {
    await this.db
      .updateTable('email_codes')
      .set({ consumed_at: nowIso() })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .execute();
  }

  async deleteForEmail(email: string, trx: Executor = this.db): Promise<void> {
    await trx.deleteFrom('email_codes').where('email', '=', email).execute();
  }
}
