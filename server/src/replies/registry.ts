import { AppError } from '../errors.js';
import type { Reply, StopReason } from './reply.js';

/** A send being set up in a chat (admission, charge), before its reply exists. */
interface Pending {
  /** A Stop that came during the setup: the reply is stopped as soon as it is registered. */
  stop?: StopReason;
}

/**
 * A group chat's round (issue #46): it holds its chat from its admission to its last reply, so no
 * other send or round starts between two of its replies; a Stop marks it (no further reply starts).
 */
export interface RoundHold extends Pending {
  readonly round: true;
}

/**
 * The replies being generated in this process, one per chat (pending while a send is set up),
 * and the background tasks that stream them (awaited on shutdown).
 */
export class ReplyRegistry {
  private readonly active = new Map<string, Reply | Pending>();
  /** The rounds holding their chats (each also the chat's entry in `active` between two replies). */
  private readonly rounds = new Map<string, RoundHold>();
  private readonly tasks = new Set<Promise<unknown>>();

  /** Reserves the chat for a send being set up (no await between the check and the set); busy otherwise. */
  reserve(chatId: string, busyMessage: string): void {
    if (this.active.has(chatId)) throw new AppError('conflict', busyMessage);
    this.active.set(chatId, {});
  }

  /** Reserves the chat for a whole round (as `reserve`); the chat stays held until `endRound`. */
  reserveRound(chatId: string, busyMessage: string): RoundHold {
    if (this.active.has(chatId)) throw new AppError('conflict', busyMessage);
    const hold: RoundHold = { round: true };
    this.active.set(chatId, hold);
    this.rounds.set(chatId, hold);
    return hold;
  }

  /** The round holding the chat here, if one does (its `stop` says a Stop came). */
  holdOf(chatId: string): RoundHold | undefined {
    return this.rounds.get(chatId);
  }

  /** The round is over: its chat is free (unless a reply of it is still registered). */
  endRound(chatId: string): void {
    const hold = this.rounds.get(chatId);
    if (!hold) return;
    this.rounds.delete(chatId);
    if (this.active.get(chatId) === hold) this.active.delete(chatId);
  }

  /** Frees a reservation that did not become a reply (a failed setup, or no model). */
  unreserve(chatId: string): void {
    const entry = this.active.get(chatId);
    if (entry !== undefined && !isReply(entry) && !this.rounds.has(chatId)) this.active.delete(chatId);
  }

  /** The reply now streaming in the chat; a Stop asked during its setup stops it at once. */
  register(reply: Reply): void {
    const entry = this.active.get(reply.chatId);
    this.active.set(reply.chatId, reply);
    if (entry !== undefined && !isReply(entry) && entry.stop) reply.stop(entry.stop);
  }

  /** Frees the reply's chat, unless a newer reply has taken it meanwhile; a round's reply gives it back to its round. */
  release(reply: Reply): void {
    if (this.active.get(reply.chatId) !== reply) return;
    const hold = this.rounds.get(reply.chatId);
    if (hold) this.active.set(reply.chatId, hold);
    else this.active.delete(reply.chatId);
  }

  /** The chat's reply streaming here (not a send still being set up). */
  live(chatId: string): Reply | undefined {
    const entry = this.active.get(chatId);
    return entry !== undefined && isReply(entry) ? entry : undefined;
  }

  /** True while a reply is being generated (or set up) in the chat by this process. */
  has(chatId: string): boolean {
    return this.active.has(chatId);
  }

  /**
   * Stops the chat's reply here — also one whose send is still being set up (it stops as soon as
   * it exists); false when this process has none.
   */
  stop(chatId: string, reason: StopReason): boolean {
    const entry = this.active.get(chatId);
    if (entry === undefined) return false;
    if (isReply(entry)) entry.stop(reason);
    else entry.stop ??= reason;
    // A round's Stop ends the round too: no further reply of it starts.
    const hold = this.rounds.get(chatId);
    if (hold) hold.stop ??= reason;
    return true;
  }

  /** Stops every reply and every send being set up (shutdown). */
  stopAll(reason: StopReason): void {
    for (const chatId of this.active.keys()) this.stop(chatId, reason);
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

const isReply = (entry: Reply | Pending): entry is Reply => 'messageId' in entry;
