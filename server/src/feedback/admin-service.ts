import type { Actor, AuditLog } from '../audit/repository.js';
import { type Db, inTransaction } from '../db/database.js';
import { AppError } from '../errors.js';
import { nowIso } from '../lib/time.js';
import type { FeedbackRepository } from './repository.js';

/** What an operator does to feedback (the console's /api/admin/feedback), through feedback's repository. */
export class FeedbackAdminService {
  constructor(
    private readonly db: Db,
    private readonly repo: FeedbackRepository,
    private readonly audit: AuditLog,
  ) {}

  async listFeedback(limit = 200) {
    return (await this.repo.listRecent(limit)).map((r) => ({
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

  /** Marks feedback handled (or open again); the change and its audit line are one transaction. */
  async markFeedbackHandled(actor: Actor, id: string, handled: boolean): Promise<void> {
    const row = await this.repo.find(id);
    if (!row) throw new AppError('not-found', 'That feedback does not exist.');
    await inTransaction(this.db, async (trx) => {
      await this.repo.setHandled(id, handled ? (row.handled_at ?? nowIso()) : null, trx);
      await this.audit.record(
        actor,
        {
          action: handled ? 'feedback.handled' : 'feedback.reopened',
          target: `${row.about} ${id}`,
          before: { handled: row.handled_at !== null },
          after: { handled },
        },
        trx,
      );
    });
  }
}
