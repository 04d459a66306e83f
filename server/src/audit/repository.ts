import type { Executor } from '../db/database.js';
import { fromJson, toJson } from '../db/database.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';

/** Who did it: a console admin (id + email) or the command line (`cli:<os user>`). */
export interface Actor {
  id: string | null;
  label: string;
}

export interface AuditInput {
  action: string;
  /** What it was done to: an email, a persona id, an order id, an invite hint… */
  target: string;
  before?: unknown;
  after?: unknown;
}

export interface AuditEntry {
  id: string;
  action: string;
  actor: string;
  actorId: string | null;
  target: string;
  before: unknown;
  after: unknown;
  at: string;
}

/**
 * The audit log: one row per admin action, from the console and the CLI. Append-only: this class
 * only inserts and reads, and the database refuses UPDATE and DELETE on the table (migration 0013).
 */
export class AuditLog {
  constructor(private readonly db: Executor) {}

  async record(actor: Actor, input: AuditInput, trx: Executor = this.db): Promise<void> {
    await trx
      .insertInto('audit_log')
      .values({
        id: newId(),
        at: nowIso(),
        actor_id: actor.id,
        actor: actor.label,
        action: input.action,
        target: input.target,
        before: input.before === undefined ? null : toJson(input.before),
        after: input.after === undefined ? null : toJson(input.after),
      })
      .execute();
  }

  /** Newest first; `before` (an entry id) pages on. */
  async list(limit: number, before?: string): Promise<AuditEntry[]> {
    let query = this.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(limit);
    if (before) query = query.where('id', '<', before);
    return (await query.execute()).map((r) => ({
      id: r.id,
      action: r.action,
      actor: r.actor,
      actorId: r.actor_id,
      target: r.target,
      before: fromJson<unknown>(r.before, null),
      after: fromJson<unknown>(r.after, null),
      at: r.at,
    }));
  }
}
