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

  /**
   * Reserves one try on an open code BEFORE it is compared (one statement, so parallel guesses
   * each get their own number): the tries now counted, or undefined when the code is closed or
   * has no tries left.
   */
  async reserveTry(id: string, maxTries: number): Promise<number | undefined> {
    const row = await this.db
      .updateTable('email_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .where('attempts', '<', maxTries)
      .returning('attempts')
      .executeTakeFirst();
    return row?.attempts;
  }

  /** Gives a reserved try back (the code was right, so the try was no failure). */
  async releaseTry(id: string): Promise<void> {
    await this.db
      .updateTable('email_codes')
      .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
      .where('id', '=', id)
      .where('attempts', '>', 0)
      .execute();
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
