import type { Db } from '../db/database.js';
import { newId } from '../lib/ids.js';
import type { Limit } from '../lib/limits/limit.js';
import type { AttemptLimiter } from '../lib/limits/limiter.js';
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
  constructor(
    private readonly db: Db,
    private readonly limiter: AttemptLimiter,
  ) {}

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
    await this.db
      .insertInto('model_usage')
      .values({
        id: newId(),
        user_id: userId,
        chat_id: chatId,
        purpose: 'chat-title',
        model: modelId,
        input_tokens: usage.inputTokens ?? null,
        output_tokens: usage.outputTokens ?? null,
        created_at: new Date().toISOString(),
      })
      .execute()
      .catch(() => undefined);
  }

  async deleteAllOf(userId: string, trx: Pick<Db, 'deleteFrom'> = this.db): Promise<void> {
    await trx.deleteFrom('model_usage').where('user_id', '=', userId).execute();
  }
}
