import { type Chat, chatSchema, MESSAGES_PAGE_SIZE, type Message, messagesResponseSchema } from '@neura/contract';
import { callSession } from '../api/call-session';
import { api } from '../api/http';
import { getSessionSocket } from '../api/session-socket';

export function fetchMessages(chatId: string, before?: string, limit = MESSAGES_PAGE_SIZE): Promise<Message[]> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (before) query.set('before', before);
  return api(`/users/me/chats/${encodeURIComponent(chatId)}/messages?${query}`, {}, messagesResponseSchema);
}

export function fetchChat(chatId: string): Promise<Chat> {
  return api(`/users/me/chats/${encodeURIComponent(chatId)}`, {}, chatSchema);
}

/** sendMessage over the session socket; resolves with the message id or rejects with an AppError. */
export async function sendMessage(chatId: string, text: string, attachments: string[] = []): Promise<string> {
  // `attachments` (file ids from POST /files) only when there are some: a plain message stays as it was.
  const { messageId } = await callSession('sendMessage', {
    chatId,
    text,
    ...(attachments.length > 0 ? { attachments } : {}),
  });
  return messageId;
}

export function stopMessage(chatId: string): void {
  getSessionSocket()?.emit('stopMessage', { chatId });
}
