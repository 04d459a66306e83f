import type { FastifyBaseLogger } from 'fastify';
import type { User, UserLookup } from '../auth/user.js';
import type { ChatService } from '../chats/service.js';
import type { ChatRow, PersonaRow } from '../db/schema.js';

/**
 * What the request that made the chat knows of it (createChatWithMessage): the chat is empty and
 * nothing streams in it, and what is here is not read again (issue #50).
 */
export interface CreatedChat {
  /** A chat of one persona: its row and its persona's, as stored (a group chat's: none). */
  rows?: { chat: ChatRow; persona: PersonaRow };
  /** The sender's row, read while the chat was being made (a round trip less on PostgreSQL). */
  user?: Promise<User | undefined>;
}

/** What a draft's first message needs: the chat rules (create, delete) and the send flow. */
export interface FirstMessageDeps {
  chats: Pick<ChatService, 'createRow' | 'createGroup' | 'delete'>;
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
 * not left behind: it is deleted again before the refusal is answered, so the user's list never
 * keeps an empty chat they did not mean to make.
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
  // A group's draft (issue #46) becomes a group chat of its personas.
  const rows = input.personas
    ? undefined
    : await deps.chats.createRow(userId, input.persona ?? '', { temporary: input.temporary === true, socketId });
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
    await deps.chats.delete(userId, chat.id).catch((cleanup: unknown) => {
      deps.log.warn({ err: cleanup, chatId: chat.id }, 'could not remove the chat of a refused first message');
    });
    throw error;
  }
}
