import type { User } from '@neura/contract';
import type { Executor } from '../db/database.js';

/**
 * The domain events features tell each other about. A lower layer emits, a higher layer listens,
 * so no feature needs to import the one above it (e.g. chats announces `chat.deleting`, the
 * conversation engine listens and stops the reply being written in that chat).
 */
/**
 * `local`: every server process received this same event (the admin CLI told them all through the
 * admin channel, admin/channel.ts), so each delivers it to its own sockets only.
 */
interface Local {
  local?: true;
}

export interface DomainEvents {
  /** A chat is about to be deleted (its owner was checked). */
  'chat.deleting': { userId: string; chatId: string };
  /** Login sessions ended (logout, password change or reset, account deletion). */
  'session.revoked': { sessionIds: string[] } & Local;
  /** A user's balance changed (grant, charge, refund); `credits` is the new balance. */
  'credits.changed': { userId: string; credits: number } & Local;
  /** A user's account changed (Pro started, renewed or ended); `user` as clients see it. */
  'user.changed': { userId: string; user: User } & Local;
  /**
   * A user is being deleted inside `trx`: each feature removes (or anonymises) the rows of its own
   * tables in that transaction. Listeners run in the order they were added (higher layers first,
   * see app composition), before the user row itself goes.
   */
  'user.deleting': { userId: string; email: string; trx: Executor };
}

export type EventName = keyof DomainEvents;
export type EventHandler<E extends EventName> = (payload: DomainEvents[E]) => void | Promise<void>;

/**
 * A small typed in-process event bus. `emit` runs the listeners one after the other and waits for
 * them; a listener that throws makes `emit` throw (so a failing `user.deleting` listener rolls the
 * transaction back). Listeners are added once, when the app is composed.
 */
export class EventBus {
  private readonly handlers = new Map<EventName, EventHandler<EventName>[]>();

  on<E extends EventName>(event: E, handler: EventHandler<E>): void {
    const list = this.handlers.get(event) ?? [];
    list.push(handler as EventHandler<EventName>);
    this.handlers.set(event, list);
  }

  async emit<E extends EventName>(event: E, payload: DomainEvents[E]): Promise<void> {
    for (const handler of this.handlers.get(event) ?? []) await handler(payload);
  }
}
