import type { FastifyBaseLogger } from 'fastify';
import type { ChatService } from '../chats/service.js';
import type { ChatRow, PersonaRow } from '../db/schema.js';

/** What a draft's first message needs: the chat rules (create, delete) and the send flow. */
export interface FirstMessageDeps {
  chats: Pick<ChatService, 'createRow' | 'createGroup' | 'delete'>;
  /** ConversationService.send: admission, charge, persist, stream. */
  send: (
    userId: string,
    input: { chatId: string; text: string; attachments?: string[]; to?: string[] },
    /**
     * The chat was just created by this request: no need to read whether it is empty; `created`:
     * its row and its persona's as stored (nothing to read back).
     */
    options?: { fresh?: boolean; created?: { chat: ChatRow; persona: PersonaRow } },
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
  // A group's draft (issue #46) becomes a group chat of its personas.
  const created = input.personas
    ? undefined
    : await deps.chats.createRow(userId, input.persona ?? '', { temporary: input.temporary === true, socketId });
  const chat = created?.chat ?? (await deps.chats.createGroup(userId, input.personas ?? []));
  try {
    const { messageId } = await deps.send(
      userId,
      {
        chatId: chat.id,
        text: input.text,
        ...(input.attachments ? { attachments: input.attachments } : {}),
        ...(input.to ? { to: input.to } : {}),
      },
      { fresh: true, ...(created ? { created } : {}) },
    );
    return { chatId: chat.id, messageId };
  } catch (error) {
    await deps.chats.delete(userId, chat.id).catch((cleanup: unknown) => {
      deps.log.warn({ err: cleanup, chatId: chat.id }, 'could not remove the chat of a refused first message');
    });
    throw error;
  }
}
