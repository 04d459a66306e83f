import type { Chat, ChatPatchRequest } from '@neura/contract';
import { chatParser, chatsParser, userParser } from '../api/account-guards';
import { api } from '../api/http';
import { dispatchChats } from '../store/chats';
import { dispatchUser } from '../store/user';

function fetchChats(): Promise<Chat[]> {
  return api('/users/me/chats', {}, chatsParser);
}

export function patchChatRequest(chatId: string, patch: ChatPatchRequest): Promise<Chat> {
  return api(`/users/me/chats/${encodeURIComponent(chatId)}`, { method: 'PATCH', body: patch }, chatParser);
}

/** Refetches the whole chat list into the store. */
export async function reloadChatList(): Promise<void> {
  dispatchChats({ type: 'loaded', chats: await fetchChats() });
}

/** Reloads the user (and their chats) after a failure, so the screen shows the server's truth. */
export async function reloadUser(): Promise<void> {
  const [user] = await Promise.all([api('/users/me', {}, userParser), reloadChatList()]);
  dispatchUser({ type: 'loaded', user });
}
