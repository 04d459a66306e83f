import { AppError } from '../errors.js';
import type { ActiveReply } from './reply-engine.js';
import { conversationTexts as t } from './texts.js';

/**
 * The replies being generated in this process, one per chat ('pending' while a send is set up),
 * and the background tasks that stream them (awaited on shutdown).
 */
export class ReplyRegistry {
  private readonly active = new Map<string, ActiveReply | 'pending'>();
  private readonly tasks = new Set<Promise<unknown>>();

  /** Reserves the chat for a send being set up (no await between the check and the set); busy otherwise. */
  reserve(chatId: string): void {
    if (this.active.has(chatId)) throw new AppError('conflict', t.busy);
    this.active.set(chatId, 'pending');
  }

  /** Frees a reservation that did not become a reply (a failed setup, or no model). */
  unreserve(chatId: string): void {
    this.active.delete(chatId);
  }

  /** The reply now streaming in the chat. */
  register(reply: ActiveReply): void {
    this.active.set(reply.chatId, reply);
  }

  /** Frees the reply's chat, unless a newer reply has taken it meanwhile. */
  release(reply: ActiveReply): void {
    if (this.active.get(reply.chatId) === reply) this.active.delete(reply.chatId);
  }

  /** The chat's reply streaming here (not a send still being set up). */
  live(chatId: string): ActiveReply | undefined {
    const reply = this.active.get(chatId);
    return reply && reply !== 'pending' ? reply : undefined;
  }

  /** True while a reply is being generated (or set up) in the chat by this process. */
  has(chatId: string): boolean {
    return this.active.has(chatId);
  }

  /** Stops the chat's reply here; false when there is none. */
  abort(chatId: string, reason: ActiveReply['stopReason'] & string): boolean {
    const reply = this.live(chatId);
    if (!reply) return false;
    reply.stopReason ??= reason;
    reply.controller.abort();
    return true;
  }

  /** Stops every reply (shutdown). */
  abortAll(reason: ActiveReply['stopReason'] & string): void {
    for (const reply of this.active.values()) {
      if (reply === 'pending') continue;
      reply.stopReason ??= reason;
      reply.controller.abort();
    }
  }

  /** Keeps a background task until it settles. */
  track<T>(promise: Promise<T>): Promise<T> {
    this.tasks.add(promise);
    void promise.finally(() => this.tasks.delete(promise)).catch(() => undefined);
    return promise;
  }

  /** Waits for every tracked task. */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.tasks]);
  }
}
