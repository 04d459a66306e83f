import { type Chat, type ChatStatus, MESSAGES_PAGE_SIZE, type Message } from '@neura/contract';
import { chatParser, forkChatResponseParser } from '../api/account-guards';
import { callSession, sessionEvents } from '../api/call-session';
import { api } from '../api/http';
import { getSessionSocket } from '../api/session-socket';
import { messagesParser, withToolParts } from './messages-parser';

export async function fetchMessages(chatId: string, before?: string, limit = MESSAGES_PAGE_SIZE): Promise<Message[]> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (before) query.set('before', before);
  return withToolParts(
    await api(`/users/me/chats/${encodeURIComponent(chatId)}/messages?${query}`, {}, messagesParser),
  );
}

/** Fork (issue #49): a new chat with the messages up to and including `messageId`; resolves with its id. */
export async function forkChat(chatId: string, messageId: string): Promise<string> {
  const { id } = await api(
    `/users/me/chats/${encodeURIComponent(chatId)}/fork`,
    { method: 'POST', body: { messageId } },
    forkChatResponseParser,
  );
  return id;
}

export function fetchChat(chatId: string): Promise<Chat> {
  return api(`/users/me/chats/${encodeURIComponent(chatId)}`, {}, chatParser);
}

/**
 * sendMessage over the session socket; resolves with the message id or rejects with an AppError.
 * `to`: in a group chat, the personas the message addresses (issue #46), by id.
 */
export async function sendMessage(
  chatId: string,
  text: string,
  attachments: string[] = [],
  to?: string[],
): Promise<string> {
  // `attachments` (file ids from POST /files) only when there are some: a plain message stays as it was.
  const { messageId } = await callSession('sendMessage', {
    chatId,
    text,
    ...(attachments.length > 0 ? { attachments } : {}),
    ...(to?.length ? { to } : {}),
  });
  return messageId;
}

export function stopMessage(chatId: string): void {
  const socket = getSessionSocket();
  if (socket) sessionEvents(socket).emit('stopMessage', { chatId });
}

/** retryMessage: a failed last reply is written again (a new version); resolves with its id. */
export async function retryMessage(chatId: string, messageId: string): Promise<string> {
  return (await callSession('retryMessage', { chatId, messageId })).messageId;
}

/** regenerateMessage: the last reply is written again; the old version stays readable. */
export async function regenerateMessage(chatId: string, messageId: string): Promise<string> {
  return (await callSession('regenerateMessage', { chatId, messageId })).messageId;
}

/** editMessage: the last user message gets `text` and a new reply (in a group, from the personas in `to`, else all). */
export async function editMessage(chatId: string, messageId: string, text: string, to: string[] = []): Promise<string> {
  return (await callSession('editMessage', { chatId, messageId, text, ...(to.length ? { to } : {}) })).messageId;
}

/**
 * Continue: a reply cut short by the length limit gets a new, paid reply that carries on from
 * where it stopped (streamed like a send); resolves with the id of the message that asked for it.
 */
export async function continueMessage(chatId: string, messageId: string): Promise<string> {
  const { messageId: id } = await api<{ messageId: string }>(
    `/users/me/chats/${encodeURIComponent(chatId)}/messages/${encodeURIComponent(messageId)}/continue`,
    { method: 'POST' },
  );
  return id;
}

/** Whether a message can be sent in the chat now (a chat of an unpublished persona: no, with the reason). */
export function fetchChatStatus(chatId: string): Promise<ChatStatus> {
  return api<ChatStatus>(`/users/me/chats/${encodeURIComponent(chatId)}/status`);
}
