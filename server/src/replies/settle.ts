import type { FinishReason, Message, MessagePart, TokenUsage } from '@neura/contract';
import type { CreditService } from '../credits/service.js';
import { afterCommit, type Db, type Executor, inTransaction } from '../db/database.js';
import type { MessageRow } from '../db/schema.js';
import { failpoint } from '../lib/failpoints.js';
import type { ReplyAddress, ReplyStream } from '../realtime/reply-stream.js';
import type { ReplyEnd } from './reply.js';

/** How a reply ended and what it cost in tokens. */
export interface ReplyOutcome {
  reasoning?: string;
  model?: string;
  finishReason?: FinishReason;
  usage?: TokenUsage;
  /** The tokens of the user's memory in the reply's context (memory/). */
  memoryTokens?: number;
  /** The tokens of document passages in the reply's context (documents/). */
  documentTokens?: number;
}

/** The writes a settlement makes to the reply's message (the conversation's MessageRepository). */
export interface ReplyStore {
  /** Ends the reply's row, only while it is `streaming`; the stored row, or undefined (already ended, or gone). */
  finishReply(
    id: string,
    changes: { content: string; status: MessageRow['status']; parts?: MessagePart[]; outcome?: ReplyOutcome },
    trx: Executor,
  ): Promise<MessageRow | undefined>;
  /** Adds to the message's cost (its kept skill surcharges); the updated row. */
  addCost(id: string, amount: number, trx: Executor): Promise<MessageRow | undefined>;
}

export interface SettleDeps {
  db: Db;
  store: ReplyStore;
  credits: Pick<CreditService, 'refundInTransaction' | 'refundKeyedInTransaction' | 'keptSurcharges'>;
}

/** One reply's end, as the engine, Stop, shutdown or recovery found it. */
export interface Settlement {
  reply: ReplyAddress;
  end: ReplyEnd;
  /** The text to store (what was streamed, or what a crashed reply had saved). */
  content: string;
  /** The ordered parts; absent keeps what the row has. */
  parts?: MessagePart[];
  outcome?: ReplyOutcome;
  /** What the user is told when it failed or was interrupted (`message.error`). */
  error?: { code: string; message: string };
}

/** Where the settlement's news goes once committed. */
export interface SettleNews {
  stream: ReplyStream;
  /** The stored row as the user sees it (`message.done`). */
  present: (row: MessageRow) => Message;
}

const STORED_STATUS: Record<ReplyEnd, MessageRow['status']> = {
  complete: 'complete',
  stopped: 'stopped',
  failed: 'failed',
  interrupted: 'failed',
};

/**
 * A reply's one final step, in ONE transaction, for the engine, Stop, shutdown and recovery alike
 * (docs/ARCHITECTURE.md "A reply's states"):
 * 1. its end (text, parts, status, usage, finish reason) — only if it is still `streaming`, so a
 *    reply is settled once whoever comes second (the row update is the claim);
 * 2. the refund, once, of its charge and every surcharge when it failed, was interrupted or
 *    delivered nothing (no text, no call that completed); otherwise the refund of the surcharge of
 *    each call that failed;
 * 3. its cost: the base charge plus the surcharges it keeps;
 * 4. its news (`message.done` or `message.error`, then the balance), sent once the transaction commits.
 * A crash anywhere before the commit leaves the reply `streaming` with nothing refunded: recovery
 * settles it as interrupted. Answers the stored row, or undefined when it had already been settled.
 */
export async function settleReply(
  deps: SettleDeps,
  settlement: Settlement,
  news?: SettleNews,
): Promise<MessageRow | undefined> {
  const { reply, end } = settlement;
  const row = await inTransaction(deps.db, async (trx) => {
    const ended = await deps.store.finishReply(
      reply.messageId,
      {
        content: settlement.content,
        status: STORED_STATUS[end],
        ...(settlement.parts ? { parts: settlement.parts } : {}),
        ...(settlement.outcome ? { outcome: settlement.outcome } : {}),
      },
      trx,
    );
    if (!ended) return undefined;
    failpoint('reply.settle.after-end');
    const parts = settlement.parts ?? [];
    const failed = end === 'failed' || end === 'interrupted';
    if (failed || deliveredNothing(settlement.content, parts)) {
      const reason = settlement.error ? `refund:${settlement.error.code}` : 'refund:stopped';
      await deps.credits.refundInTransaction(trx, reply.userId, reply.messageId, reason);
    } else {
      for (const part of parts) {
        if (part.type !== 'tool' || part.status !== 'failed') continue;
        await deps.credits.refundKeyedInTransaction(
          trx,
          reply.userId,
          `tool:${reply.messageId}:${part.id}`,
          `refund:skill:${part.skill}`,
        );
      }
    }
    // A surcharge is only ever taken for a call the parts record: no call, nothing to look up.
    // Documents' grounding (documents/) is charged the same way, its citations the part that records it.
    const calls = settlement.parts === undefined || parts.some((p) => p.type === 'tool' || p.type === 'sources');
    const kept = failed || !calls ? 0 : await deps.credits.keptSurcharges(trx, reply.userId, reply.messageId);
    const stored = kept > 0 ? await deps.store.addCost(reply.messageId, kept, trx) : ended;
    failpoint('reply.settle.before-commit');
    if (news) {
      afterCommit(trx, () => {
        failpoint('reply.settled');
        if (settlement.error) news.stream.error(settlement.error);
        else news.stream.done(news.present(stored ?? ended));
      });
    }
    return stored ?? ended;
  });
  return row;
}

/** Nothing for the user: no text and no skill call that completed (a charge for it goes back). */
function deliveredNothing(content: string, parts: MessagePart[]): boolean {
  return content.trim() === '' && !parts.some((p) => p.type === 'tool' && p.status === 'complete');
}
