import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { CreditService } from '../credits/service.js';
import type { Realtime } from '../realtime/realtime.js';
import type { ReplyRegistry } from './reply-registry.js';
import type { MessageRepository } from './repository.js';
import { conversationTexts as t } from './texts.js';

/**
 * With several processes (Redis), a reply untouched this long belongs to a process that died
 * (live replies save every 3 s); swept often enough that it is failed within 15 s of the death.
 */
const STALE_STREAMING_MS = 10_000;
const SWEEP_EVERY_MS = 4000;

export interface RecoveryDeps {
  config: Pick<Config, 'REDIS_URL'>;
  log: FastifyBaseLogger;
  messages: MessageRepository;
  credits: Pick<CreditService, 'refund'>;
  realtime: Pick<Realtime, 'attached' | 'toUser'>;
}

/** Replies left `streaming` by a process that died: failed and refunded once, swept periodically with Redis. */
export class ReplyRecovery {
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: RecoveryDeps,
    private readonly replies: ReplyRegistry,
  ) {}

  /**
   * Replies left `streaming` by a process that died are marked `failed` and refunded once.
   * Single process: everything streaming at boot is stale. With Redis: only replies idle for a
   * minute (live ones save progress every few seconds), checked again periodically.
   */
  async recoverInterrupted(now = Date.now()): Promise<number> {
    const shared = this.deps.config.REDIS_URL !== undefined;
    const staleBefore = new Date(shared ? now - STALE_STREAMING_MS : now + 1).toISOString();
    const rows = await this.deps.messages.listStaleStreaming(staleBefore);
    let recovered = 0;
    for (const row of rows) {
      if (this.replies.live(row.chat_id)?.messageId === row.id) continue;
      // Refund first: a crash in between leaves a streaming row whose refund is a no-op next time.
      await this.deps.credits.refund(row.user_id, row.id, 'refund:interrupted');
      if (await this.deps.messages.finishReply(row.id, { content: row.content, status: 'failed' })) {
        recovered++;
        // The user's devices (on any process) learn that the reply ended.
        if (this.deps.realtime.attached) {
          this.deps.realtime.toUser(row.user_id).emit('message.error', {
            chatId: row.chat_id,
            messageId: row.id,
            message: t.interrupted,
            code: 'llm:interrupted',
          });
        }
      }
    }
    if (recovered > 0) this.deps.log.warn({ recovered }, 'marked interrupted replies failed and refunded them');
    return recovered;
  }

  /** Starts the periodic sweep for replies of dead processes (scale-out only). */
  startSweeper(): void {
    if (this.deps.config.REDIS_URL === undefined || this.sweeper) return;
    this.sweeper = setInterval(() => {
      void this.recoverInterrupted().catch((error) => this.deps.log.error({ err: error }, 'reply sweep failed'));
    }, SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  stopSweeper(): void {
    if (this.sweeper) clearInterval(this.sweeper);
  }
}
