import type { ChatService } from '../chats/service.js';
import { AppError, notFound } from '../errors.js';
import type { MessageRepository } from './repository.js';
import { conversationTexts as t } from './texts.js';

/** What Continue needs: the chat's owner check, its messages, and the send flow it runs through. */
export interface ContinueDeps {
  chats: Pick<ChatService, 'ownedRow'>;
  messages: Pick<MessageRepository, 'findById' | 'latestInChat'>;
  /** ConversationService.send: checks Pro, one reply per chat, charges, persists and streams. */
  send: (userId: string, input: { chatId: string; text: string; to?: string[] }) => Promise<{ messageId: string }>;
}

/**
 * Continue (issue #24): the chat's newest reply, cut short by the model's length limit, gets a new
 * reply that carries on from where it stopped. It is a send like any other: the user's turn asks to
 * continue (shown in the chat, so the model sees the cut reply and the request in order), charged
 * the persona's price, refunded if it fails. Answers the id of that turn, as sendMessage does.
 */
export async function continueReply(
  deps: ContinueDeps,
  userId: string,
  input: { chatId: string; messageId: string },
): Promise<{ messageId: string }> {
  const { chatId } = input;
  await deps.chats.ownedRow(userId, chatId);
  const target = await deps.messages.findById(input.messageId);
  if (!target || target.chat_id !== chatId) throw notFound(t.messageGone);
  if (target.role !== 'assistant' || target.finish_reason !== 'length' || target.status !== 'complete')
    throw new AppError('conflict', t.notCutShort);
  const last = await deps.messages.latestInChat(chatId);
  if (last?.id !== target.id || target.superseded) throw new AppError('conflict', t.notLastCutShort);
  // In a group chat (issue #46) only the persona cut short carries on.
  const to = target.persona_id ? { to: [target.persona_id] } : {};
  return deps.send(userId, { chatId, text: t.continuePrompt, ...to });
}
