import { type Chat, chatSchema, MESSAGES_PAGE_SIZE, type Message, messagesResponseSchema } from '@neura/contract';
import { api } from '../api/http';
import { getSessionSocket } from '../api/session-socket';
import { texts } from '../texts/texts';

export function fetchMessages(chatId: string, before?: string, limit = MESSAGES_PAGE_SIZE): Promise<Message[]> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (before) query.set('before', before);
  return api(`/users/me/chats/${encodeURIComponent(chatId)}/messages?${query}`, {}, messagesResponseSchema);
}

export function fetchChat(chatId: string): Promise<Chat> {
  return api(`/users/me/chats/${encodeURIComponent(chatId)}`, {}, chatSchema);
}

export class SendError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'SendError';
  }
}

const ACK_TIMEOUT_MS = 20_000;

/** sendMessage over the session socket; resolves with the message id or throws a SendError. */
export function sendMessage(chatId: string, text: string): Promise<string> {
  const socket = getSessionSocket();
  if (!socket?.connected) return Promise.reject(new SendError(texts.chat.notConnected, 'network'));
  return new Promise((resolve, reject) => {
    socket.timeout(ACK_TIMEOUT_MS).emit('sendMessage', { chatId, text }, (err, response) => {
      if (err) reject(new SendError(texts.chat.notConnected, 'network'));
      else if ('error' in response) reject(new SendError(response.error.message, response.error.code));
      else resolve(response.messageId);
    });
  });
}

export function stopMessage(chatId: string): void {
  getSessionSocket()?.emit('stopMessage', { chatId });
}
