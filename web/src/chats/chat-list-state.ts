import type { Chat } from '@neura/contract';

/** Pure list rules for the client's chats: pinned first, the server's order otherwise. */

export function sortChats(chats: Chat[]): Chat[] {
  return [...chats.filter((c) => c.isPinned), ...chats.filter((c) => !c.isPinned)];
}

/** Adds a chat at the top (a new chat is the most recent), or replaces it in place. */
export function upsertChat(chats: Chat[], chat: Chat): Chat[] {
  const at = chats.findIndex((c) => c.id === chat.id);
  if (at === -1) return sortChats([chat, ...chats]);
  const next = [...chats];
  next[at] = chat;
  return sortChats(next);
}

export function patchChat(chats: Chat[], chatId: string, fields: Partial<Chat>): Chat[] {
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

export function removeChat(chats: Chat[], chatId: string): Chat[] {
  return chats.filter((c) => c.id !== chatId);
}

/** The rows to show: archived ones only when asked, filtered by name and preview (case-insensitive). */
export function visibleChats(chats: Chat[], query: string, showArchived: boolean): Chat[] {
  const q = query.trim().toLocaleLowerCase();
  return chats.filter(
    (c) =>
      c.isArchived === showArchived &&
      (q === '' || c.name.toLocaleLowerCase().includes(q) || (c.preview ?? '').toLocaleLowerCase().includes(q)),
  );
}

/** Keeps only the fields a chat.updated event may change. */
export function chatFields(updatedFields: Record<string, unknown>): Partial<Chat> {
  const out: Partial<Chat> = {};
  if (typeof updatedFields.name === 'string') out.name = updatedFields.name;
  if (typeof updatedFields.isPinned === 'boolean') out.isPinned = updatedFields.isPinned;
  if (typeof updatedFields.isArchived === 'boolean') out.isArchived = updatedFields.isArchived;
  if (typeof updatedFields.preview === 'string' || updatedFields.preview === null)
    out.preview = updatedFields.preview as string | null;
  if (typeof updatedFields.lastMessageAt === 'string' || updatedFields.lastMessageAt === null)
    out.lastMessageAt = updatedFields.lastMessageAt as string | null;
  return out;
}
