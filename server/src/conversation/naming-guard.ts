import type { Db, Executor } from '../db/database.js';
import { newId } from '../lib/ids.js';
import type { Limit } from '../lib/limits/limit.js';
import type { AttemptLimiter } from '../lib/limits/limiter.js';
import { ModelUsageRepository } from './model-usage-repository.js';
import type { TitleUsage } from './naming.js';

const HOUR = 60 * 60_000;

/**
 * Model-written chat titles are the operator's cost (finding N6): `generateName` asks the model at
 * most this often; past a limit the name is derived from the first message without a model call.
 */
export const NAMING_LIMITS = {
  perChat: { scope: 'chat-title:chat', max: 3, windowMs: HOUR },
  perUser: { scope: 'chat-title:user', max: 30, windowMs: HOUR },
} as const satisfies Record<string, Limit>;

/** Limits model titles per user and per chat (across processes) and records their tokens. */
export class NamingGuard {
  private readonly usage: ModelUsageRepository;

  constructor(
    db: Db,
    private readonly limiter: AttemptLimiter,
  ) {
    this.usage = new ModelUsageRepository(db);
  }

  /** True when the user may have one more model title for the chat now (counted whether or not it answers). */
  async allow(userId: string, chatId: string): Promise<boolean> {
    try {
      await this.limiter.reserveAll([
        [NAMING_LIMITS.perChat, chatId],
        [NAMING_LIMITS.perUser, userId],
      ]);
      return true;
    } catch {
      return false;
    }
  }

  /** Records a title call's tokens for the user (never fails the naming). */
  async record(userId: string, chatId: string, modelId: string, usage: TitleUsage): Promise<void> {
    await this.usage
      .insert({
        id: newId(),
        user_id: userId,
        chat_id: chatId,
        purpose: 'chat-title',
        model: modelId,
        input_tokens: usage.inputTokens ?? null,
        output_tokens: usage.outputTokens ?? null,
        created_at: new Date().toISOString(),
      })
      .catch(() => undefined);
  }

  deleteAllOf(userId: string, trx?: Executor): Promise<void> {
    return this.usage.deleteAllOf(userId, trx);
  }
}
