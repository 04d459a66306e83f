import { type FeedbackRequest, PERSONA_REPORT_TYPE } from '@neura/contract';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import type { FeedbackRepository, FeedbackWithEmail } from './repository.js';

export interface FeedbackEntry {
  id: string;
  about: string;
  message: string | null;
  email: string | null;
  createdAt: string;
}

/** Help-document feedback (SPEC.md §4): stored, and listed by the admin CLI. */
export class FeedbackService {
  constructor(private readonly feedback: FeedbackRepository) {}

  async record(input: FeedbackRequest, userId: string | null): Promise<{ id: string }> {
    const message = input.message?.trim() ? input.message.trim() : null;
    const id = newId();
    await this.feedback.insert({
      id,
      user_id: userId,
      type: input.type,
      about: input.about,
      message,
      created_at: nowIso(),
    });
    return { id };
  }

  /**
   * A report of a public custom persona (issue #29): shown in the console's inbox as a report. One
   * open report per sender and persona (L3): undefined when this sender's earlier report of it is
   * not handled yet.
   */
  async recordReport(personaId: string, reason: string, userId: string): Promise<{ id: string } | undefined> {
    const id = newId();
    const inserted = await this.feedback.insertReportOnce({
      id,
      user_id: userId,
      type: PERSONA_REPORT_TYPE,
      about: `persona:${personaId}`,
      message: reason,
      created_at: nowIso(),
    });
    return inserted ? { id } : undefined;
  }

  async list(limit = 50): Promise<FeedbackEntry[]> {
    return (await this.feedback.listRecent(limit)).map((r: FeedbackWithEmail) => ({
      id: r.id,
      about: r.about,
      message: r.message,
      email: r.email,
      createdAt: r.created_at,
    }));
  }
}
