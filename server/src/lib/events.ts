import type { Chat, ChatUpdatedPayload, Folder, Message, UploadedFile, User } from '@neura/contract';
import type { FastifyBaseLogger } from 'fastify';
import { afterCommit, type Executor, type Tx } from '../db/database.js';

/**
 * `local`: every server process received this same event (the admin CLI told them all through the
 * admin channel, admin/channel.ts), so each delivers it to its own sockets only.
 */
interface Local {
  local?: true;
}

/**
 * Steps: events whose listeners are part of the emitter's work (inside its transaction, or before
 * its write). A listener that throws makes `emit` throw, and the work fails with it.
 */
export interface StepEvents {
  /** A chat is about to be deleted (its owner was checked). */
  'chat.deleting': { userId: string; chatId: string };
  /**
   * A user is being deleted inside `trx`: each feature removes (or anonymises) the rows of its own
   * tables in that transaction. Listeners run in the order they were added (higher layers first,
   * see app composition), before the user row itself goes.
   */
  'user.deleting': { userId: string; email: string; trx: Executor };
  /**
   * A sign-in's second step passed (`POST /users/login/2fa`: the challenge is used up, the code was
   * right), before its session opens. oidc/ links an identity waiting on that challenge; a listener
   * that throws refuses the sign-in.
   */
  'login.second-factor-passed': { userId: string; challenge: string };
}

/**
 * News: something was done and committed. Announced after the commit (inside a transaction, queue
 * them with `emitAfterCommit`); a listener that fails is logged with the event's name and the
 * others still run: news never fails the work it tells of. `realtime/` turns them into socket
 * events (the payloads as clients see them, plus the user whose room they go to).
 */
export interface NewsEvents {
  /** Login sessions ended (logout, password change or reset, account deletion). */
  'session.revoked': { sessionIds: string[] } & Local;
  /** A user's balance changed (grant, charge, refund); `credits` is the new balance. */
  'credits.changed': { userId: string; credits: number } & Local;
  /** A user's account changed (Pro started, renewed or ended); `user` as clients see it. */
  'user.changed': { userId: string; user: User } & Local;
  /** The user made a chat; `socketId`: only that session is told (a temporary chat, issue #49). */
  'chat.created': { userId: string; chat: Chat; socketId?: string };
  /** The user's chat got a new name (by the user, or by the first exchange). */
  'chat.renamed': { userId: string; chatId: string; name: string };
  /** The user's chat changed otherwise (pinned, archived, a new message's preview). */
  'chat.updated': { userId: string } & ChatUpdatedPayload;
  /** The user's chat was deleted. */
  'chat.deleted': { userId: string; chatId: string };
  /** A message was stored in the user's chat (a user message, a reply's shell, a notice). */
  'message.created': { userId: string; chatId: string; message: Message };
  /** A stored message changed (an edited user message, a reply whose prompt was kept). */
  'message.updated': { userId: string; chatId: string; message: Message };
  /** The user's memory changed (settings, items; by hand or by the model). */
  'memory.changed': { userId: string };
  /** The user's folders changed (issue #49); the whole list, in order. */
  'folders.changed': { userId: string; folders: Folder[] };
  /**
   * A reply ended complete (text, an image, music), after its settlement committed: notifications/
   * pushes it to the user's devices when none is looking. `text`: what it says (may be empty).
   */
  'reply.finished': { userId: string; chatId: string; messageId: string; personaId: string; text: string };
  /**
   * A group chat's round ended with at least one complete reply (its replies send no
   * `reply.finished`): one push for the round. `personaIds`: who replied, in order.
   */
  'round.finished': { userId: string; chatId: string; roundId: string; personaIds: string[] };
  /** The user's "Download my data" archive is ready (takeout/). */
  'archive.ready': { userId: string };
  /** A document of the user's finished reading (documents/): ready or failed. */
  'file.updated': { userId: string; file: UploadedFile };
  /** The published persona catalog changed: every open client reloads it. */
  'personas.changed': Record<string, never>;
}

/**
 * The domain events features tell each other about. A lower layer emits, a higher layer listens,
 * so no feature needs to import the one above it (e.g. chats announces `chat.deleting`, the
 * conversation engine listens and stops the reply being written in that chat).
 */
export type DomainEvents = StepEvents & NewsEvents;

export type EventName = keyof DomainEvents;
export type EventHandler<E extends EventName> = (payload: DomainEvents[E]) => void | Promise<void>;

const STEPS: Record<keyof StepEvents, true> = {
  'chat.deleting': true,
  'user.deleting': true,
  'login.second-factor-passed': true,
};
const isStep = (event: EventName): event is keyof StepEvents => Object.hasOwn(STEPS, event);

/**
 * A small typed in-process event bus. `emit` runs the listeners one after the other and waits for
 * them. For a step (`StepEvents`) a listener that throws makes `emit` throw (so a failing
 * `user.deleting` listener rolls the transaction back); for news (`NewsEvents`) it is logged with
 * its event and the next listener runs. Listeners are added once, when the app is composed.
 */
export class EventBus {
  private readonly handlers = new Map<EventName, EventHandler<EventName>[]>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  on<E extends EventName>(event: E, handler: EventHandler<E>): void {
    const list = this.handlers.get(event) ?? [];
    list.push(handler as EventHandler<EventName>);
    this.handlers.set(event, list);
  }

  async emit<E extends EventName>(event: E, payload: DomainEvents[E]): Promise<void> {
    const handlers = this.handlers.get(event) ?? [];
    if (isStep(event)) {
      for (const handler of handlers) await handler(payload);
      return;
    }
    for (const handler of handlers) {
      try {
        await handler(payload);
      } catch (error) {
        this.log.error({ err: error, event }, `a listener of ${event} failed`);
      }
    }
  }

  /**
   * Announces news once `trx` commits, in the order queued with the transaction's other effects;
   * never when it rolls back (see `inTransaction`). Services call this from inside the transaction
   * that made the change, so no caller has to remember to announce it.
   */
  emitAfterCommit<E extends keyof NewsEvents>(trx: Tx, event: E, payload: DomainEvents[E]): void {
    afterCommit(trx, () => this.emit(event, payload));
  }
}
