import type { Chat } from '@neura/contract';
import { create } from 'zustand';

/**
 * The user's chat list: one copy, written only through `dispatchChats`, by the REST loads, the
 * optimistic updates of the chat actions and the session socket's events alike.
 */
export type ChatsAction =
  /** The whole list: the socket's `ready` / `updateChats`, or a REST reload. */
  | { type: 'loaded'; chats: Chat[] }
  /** A new chat (chat.created, or the created chat when that event was missed). */
  | { type: 'upserted'; chat: Chat }
  /** Changed fields (rename, pin, archive, chat.updated, chat.renamed, a rollback). */
  | { type: 'patched'; chatId: string; fields: Partial<Chat> }
  /** chat.deleted, or a delete before the server confirmed it. */
  | { type: 'removed'; chatId: string }
  | { type: 'cleared' };

/** Pinned first, the server's order otherwise. */
function sortChats(chats: Chat[]): Chat[] {
  return [...chats.filter((c) => c.isPinned), ...chats.filter((c) => !c.isPinned)];
}

function upsert(chats: Chat[], chat: Chat): Chat[] {
  const at = chats.findIndex((c) => c.id === chat.id);
  // A new chat is the most recent one: it goes to the top.
  if (at === -1) return sortChats([chat, ...chats]);
  const next = [...chats];
  next[at] = chat;
  return sortChats(next);
}

function patch(chats: Chat[], chatId: string, fields: Partial<Chat>): Chat[] {
  let changed = false;
  const next = chats.map((c) => {
    if (c.id !== chatId) return c;
    changed = true;
    return { ...c, ...fields, id: c.id };
  });
  if (!changed) return chats;
  // A new message moves the chat to the top of its group.
  if (fields.lastMessageAt !== undefined) {
    const moved = next.find((c) => c.id === chatId);
    if (moved) return sortChats([moved, ...next.filter((c) => c.id !== chatId)]);
  }
  return sortChats(next);
}

export function chatsReducer(chats: Chat[], action: ChatsAction): Chat[] {
  switch (action.type) {
    case 'loaded': {
      // A temporary chat is never in the server's list (issue #49): this device keeps its own.
      const temporary = chats.filter((c) => c.temporary && !action.chats.some((n) => n.id === c.id));
      return temporary.length ? [...temporary, ...action.chats] : action.chats;
    }
    case 'upserted':
      return upsert(chats, action.chat);
    case 'patched':
      return patch(chats, action.chatId, action.fields);
    case 'removed':
      return chats.filter((c) => c.id !== action.chatId);
    case 'cleared':
      return [];
  }
}

export const useChats = create<{ chats: Chat[] }>()(() => ({ chats: [] }));

export function dispatchChats(action: ChatsAction): void {
  useChats.setState((s) => ({ chats: chatsReducer(s.chats, action) }));
}
