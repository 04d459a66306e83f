import { DEFAULT_LOCALE, type MessagePart } from '@neura/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { UserLookup } from '../auth/user.js';
import type { Config } from '../config.js';
import { fromJson } from '../db/database.js';
import type { MessageRow } from '../db/schema.js';
import { translateMessage } from '../i18n/catalog.js';
import type { ReplyRegistry } from '../replies/registry.js';
import type { Settlement } from '../replies/settle.js';
import type { MessageRepository } from './repository.js';
import { conversationTexts as t } from './texts.js';

export interface RecoveryDeps {
  /**
   * With several processes (Redis), a reply untouched for REPLY_STALE_AFTER_MS (default
   * REPLY_POLICY.staleAfterMs) belongs to a process that died (live replies save every
   * REPLY_SAVE_EVERY_MS); swept every REPLY_SWEEP_EVERY_MS (the `replies.sweep` job of
   * conversation/module.ts).
   */
  config: Pick<Config, 'REDIS_URL' | 'REPLY_STALE_AFTER_MS'>;
  log: FastifyBaseLogger;
  messages: Pick<MessageRepository, 'listStaleStreaming' | 'findById'>;
  /** The reply's one final step (replies/settle.ts), with its news to the user's devices. */
  settle: (settlement: Settlement) => Promise<MessageRow | undefined>;
  /** The reply's user: what recovery says is in their language (issue #43). */
  users?: UserLookup;
}

/** Replies left `streaming` by a process that died: settled as interrupted (failed, refunded once), swept periodically with Redis. */
export class ReplyRecovery {
  /**
   * Replies whose engine ended without storing their end (the settlement failed: a database cut
   * as the reply ended, finding N5). The sweep settles them once the database answers.
   */
  private readonly unfinished = new Map<string, { content: string; parts: MessagePart[] }>();

  constructor(
    private readonly deps: RecoveryDeps,
    private readonly replies: ReplyRegistry,
  ) {}

  /**
   * Replies left `streaming` by a process that died are settled as interrupted: failed, refunded
   * once, told to the user's devices. Single process: everything streaming at boot is stale. With
   * Redis: only replies idle for REPLY_STALE_AFTER_MS (live ones save progress every few seconds),
   * checked again periodically.
   */
  async recoverInterrupted(now = Date.now(), periodic = false): Promise<number> {
    const shared = this.deps.config.REDIS_URL !== undefined;
    const staleAfter = this.deps.config.REPLY_STALE_AFTER_MS;
    const staleBefore = new Date(shared || periodic ? now - staleAfter : now + 1).toISOString();
    let recovered = await this.finishUnfinished();
    const rows = await this.deps.messages.listStaleStreaming(staleBefore);
    for (const row of rows) {
      if (this.replies.live(row.chat_id)?.messageId === row.id) continue;
      // A send being set up here (its reply row not yet live) is not a dead process's reply.
      if (periodic && this.replies.has(row.chat_id) && !this.replies.live(row.chat_id)) continue;
      try {
        if (await this.settleInterrupted(row)) recovered++;
      } catch (error) {
        // One reply that cannot be ended now must not hold back the others (it is tried again next sweep).
        this.deps.log.error({ err: error, messageId: row.id }, 'could not end an interrupted reply');
      }
    }
    if (recovered > 0) this.deps.log.warn({ recovered }, 'marked interrupted replies failed and refunded them');
    return recovered;
  }

  /** A reply whose end could not be stored here: settled by the next sweep, with the text it had streamed. */
  markUnfinished(messageId: string, reply: { content: string; parts: MessagePart[] }): void {
    this.unfinished.set(messageId, { content: reply.content, parts: structuredClone(reply.parts) });
  }

  /** Settles the replies whose settlement failed here, as soon as the database answers. */
  private async finishUnfinished(): Promise<number> {
    let finished = 0;
    for (const [messageId, live] of this.unfinished) {
      const row = await this.deps.messages.findById(messageId);
      // What the reply had streamed here is newer than its last progress save.
      if (row?.status === 'streaming' && (await this.settleInterrupted({ ...row, ...live }))) finished++;
      this.unfinished.delete(messageId);
    }
    return finished;
  }

  /** One interrupted reply: its saved text kept, calls still running failed, refunded, told. */
  private async settleInterrupted(
    row: Pick<MessageRow, 'id' | 'chat_id' | 'user_id' | 'content'> & { parts?: string | null | MessagePart[] },
  ): Promise<boolean> {
    const locale = (await this.deps.users?.findById(row.user_id))?.locale ?? DEFAULT_LOCALE;
    const say = (text: string) => translateMessage(text, locale);
    const saved = Array.isArray(row.parts) ? row.parts : fromJson<MessagePart[]>(row.parts, []);
    const parts = saved.map((part) =>
      part.type === 'tool' && part.status === 'running'
        ? ({ ...part, status: 'failed', output: { error: say(t.toolStopped) } } as MessagePart)
        : part,
    );
    const settled = await this.deps.settle({
      reply: { userId: row.user_id, chatId: row.chat_id, messageId: row.id },
      end: 'interrupted',
      content: row.content,
      ...(parts.length ? { parts } : {}),
      outcome: { finishReason: 'error' },
      error: { message: say(t.interrupted), code: 'llm:interrupted' },
    });
    return settled !== undefined;
  }
}
