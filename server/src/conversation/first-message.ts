import type { FastifyBaseLogger } from 'fastify';
import type { User, UserLookup } from '../auth/user.js';
import type { ChatService } from '../chats/service.js';
import type { ChatRow, PersonaRow } from '../db/schema.js';

/**
 * What the request that made the chat knows of it (createChatWithMessage): the chat is empty and
 * nothing streams in it, and what is here is not read again (issue #50).
 */
export interface CreatedChat {
  /**
   * A chat of one persona (a group chat's: none, it is stored at once): its row and its persona's,
   * made but not stored yet: the send stores the chat in its own transaction, after the charge,
   * with the message (sending.ts `storeSend`; issue #50). `socketId`: a temporary chat's one
   * session. `stored`: set once that transaction has committed.
   */
  rows?: NewChat;
  /** The sender's row, read while the chat was being made (a round trip less on PostgreSQL). */
  user?: Promise<User | undefined>;
}

/** A chat of one persona made by createChatWithMessage, stored by its first send (see CreatedChat). */
export interface NewChat {
  chat: ChatRow;
  persona: PersonaRow;
  socketId?: string;
  stored?: boolean;
}

/** What a draft's first message needs: the chat rules (create, delete) and the send flow. */
export interface FirstMessageDeps {
  chats: Pick<ChatService, 'newRow' | 'createGroup' | 'delete'>;
  /** The sender's row, read while the chat is being made. */
  users: Pick<UserLookup, 'findById'>;
  /** ConversationService.send: admission, charge, persist, stream; `created`: what this request made (CreatedChat). */
  send: (
    userId: string,
    input: { chatId: string; text: string; attachments?: string[]; to?: string[] },
    created: CreatedChat,
  ) => Promise<{ messageId: string }>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * createChatWithMessage (issue #41): a draft chat (`/chats/new?persona=…`, a group's `?personas=…`) becomes a chat with its
 * first message. A chat whose first message is refused (no credits, a limit, a bad attachment) is
 * not left behind, so the user's list never keeps an empty chat they did not mean to make: a chat of
 * one persona is stored with its first message or not at all, a group chat is deleted again before
 * the refusal is answered.
 */
export async function createChatWithMessage(
  deps: FirstMessageDeps,
  userId: string,
  input: {
    persona?: string;
    personas?: string[];
    text: string;
    attachments?: string[];
    to?: string[];
    temporary?: boolean;
  },
  socketId?: string,
): Promise<{ chatId: string; messageId: string }> {
  // The sender is read while the chat is made (a round trip less on PostgreSQL, issue #50); a
  // refusal of the chat leaves the read to end unheard (it is awaited only by the send).
  const user = deps.users.findById(userId);
  user.catch(() => undefined);
  // A group's draft (issue #46) becomes a group chat of its personas, stored at once; a chat of one
  // persona is stored by its send (CreatedChat).
  const rows: NewChat | undefined = input.personas
    ? undefined
    : {
        ...(await deps.chats.newRow(userId, input.persona ?? '', { temporary: input.temporary === true })),
        ...(socketId ? { socketId } : {}),
      };
  const chat = rows?.chat ?? (await deps.chats.createGroup(userId, input.personas ?? []));
  try {
    const { messageId } = await deps.send(
      userId,
      {
        chatId: chat.id,
        text: input.text,
        ...(input.attachments ? { attachments: input.attachments } : {}),
        ...(input.to ? { to: input.to } : {}),
      },
      { user, ...(rows ? { rows } : {}) },
    );
    return { chatId: chat.id, messageId };
  } catch (error) {
    // A send refused before its commit stored no chat of one persona: nothing to take back.
    if (rows && !rows.stored) throw error;
    await deps.chats.delete(userId, chat.id).catch((cleanup: unknown) => {
      deps.log.warn({ err: cleanup, chatId: chat.id }, 'could not remove the chat of a refused first message');
    });
    throw error;
  }
}
