import type { FastifyBaseLogger } from 'fastify';
import { type Config, REPLY_POLICY } from '../config.js';
import type { CreditService } from '../credits/service.js';
import type { OpenReplyStream } from '../realtime/reply-stream.js';
import type { ReplyRegistry } from './reply-registry.js';
import type { MessageRepository } from './repository.js';
import { conversationTexts as t } from './texts.js';

/**
 * With several processes (Redis), a reply untouched for REPLY_POLICY.staleAfterMs belongs to a
 * process that died (live replies save every progressSaveMs); swept every sweepEveryMs.
 */
const { staleAfterMs: STALE_STREAMING_MS, sweepEveryMs: SWEEP_EVERY_MS } = REPLY_POLICY;

export interface RecoveryDeps {
  config: Pick<Config, 'REDIS_URL'>;
  log: FastifyBaseLogger;
  messages: MessageRepository;
  credits: Pick<CreditService, 'refund'>;
  replyStreams: OpenReplyStream;
}

/** Replies left `streaming` by a process that died: failed and refunded once, swept periodically with Redis. */
export class ReplyRecovery {
  private sweeper: NodeJS.Timeout | undefined;
  /**
   * Replies whose engine ended without storing their end (the final write failed: a database cut
   * as the reply ended, finding N5). The sweep fails and refunds them once the database answers.
   */
  private readonly unfinished = new Map<string, { chatId: string; userId: string; content: string }>();

  constructor(
    private readonly deps: RecoveryDeps,
    private readonly replies: ReplyRegistry,
  ) {}

  /**
   * Replies left `streaming` by a process that died are marked `failed` and refunded once.
   * Single process: everything streaming at boot is stale. With Redis: only replies idle for a
   * minute (live ones save progress every few seconds), checked again periodically.
   */
  async recoverInterrupted(now = Date.now(), periodic = false): Promise<number> {
    const shared = this.deps.config.REDIS_URL !== undefined;
    // At boot of a single process everything streaming is stale; otherwise only replies idle for
    // STALE_STREAMING_MS (live ones save every progressSaveMs) that this process is not generating.
    const staleBefore = new Date(shared || periodic ? now - STALE_STREAMING_MS : now + 1).toISOString();
    let recovered = await this.finishUnfinished();
    const rows = await this.deps.messages.listStaleStreaming(staleBefore);
    for (const row of rows) {
      if (this.replies.live(row.chat_id)?.messageId === row.id) continue;
      // A send being set up here (its reply row not yet live) is not a dead process's reply.
      if (periodic && this.replies.has(row.chat_id) && !this.replies.live(row.chat_id)) continue;
      try {
        if (await this.failInterrupted(row.id, row.chat_id, row.user_id, row.content)) recovered++;
      } catch (error) {
        // One reply that cannot be ended now must not hold back the others (it is tried again next sweep).
        this.deps.log.error({ err: error, messageId: row.id }, 'could not end an interrupted reply');
      }
    }
    if (recovered > 0) this.deps.log.warn({ recovered }, 'marked interrupted replies failed and refunded them');
    return recovered;
  }

  /** A reply whose end could not be stored here: failed and refunded by the next sweep. */
  markUnfinished(messageId: string, reply: { chatId: string; userId: string; content: string }): void {
    this.unfinished.set(messageId, reply);
  }

  /** Fails and refunds the replies whose final write failed here, as soon as the database answers. */
  private async finishUnfinished(): Promise<number> {
    let finished = 0;
    for (const [messageId, reply] of this.unfinished) {
      if (await this.failInterrupted(messageId, reply.chatId, reply.userId, reply.content)) finished++;
      this.unfinished.delete(messageId);
    }
    return finished;
  }

  /** One interrupted reply: refunded, failed (its text kept) and told to the user's devices. */
  private async failInterrupted(messageId: string, chatId: string, userId: string, content: string): Promise<boolean> {
    // Refund first: a crash in between leaves a streaming row whose refund is a no-op next time.
    await this.deps.credits.refund(userId, messageId, 'refund:interrupted');
    if (!(await this.deps.messages.finishReply(messageId, { content, status: 'failed' }))) return false;
    // The user's devices (on any process) learn that the reply ended.
    this.deps.replyStreams({ userId, chatId, messageId }).error({ message: t.interrupted, code: 'llm:interrupted' });
    return true;
  }

  /**
   * Starts the periodic sweep: replies of dead processes (scale-out) and replies whose end could
   * not be stored (a database cut as they ended, in any setup) are failed and refunded.
   */
  startSweeper(): void {
    if (this.sweeper) return;
    let sweeping = false;
    this.sweeper = setInterval(() => {
      if (sweeping) return;
      sweeping = true;
      void this.recoverInterrupted(Date.now(), true)
        .catch((error) => this.deps.log.error({ err: error }, 'reply sweep failed'))
        .finally(() => {
          sweeping = false;
        });
    }, SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  stopSweeper(): void {
    if (this.sweeper) clearInterval(this.sweeper);
  }
}
