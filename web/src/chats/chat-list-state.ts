import type { Chat } from '@neura/contract';
import { previewText } from './preview-text';

/** Pure rules for showing the chat list (the list itself is store/chats.ts). */

/**
 * The rows to show: without a search, archived ones only when asked; a search looks through every
 * chat, archived or not, by name and preview (case-insensitive).
 */
export function visibleChats(chats: Chat[], query: string, showArchived: boolean): Chat[] {
  const q = query.trim().toLocaleLowerCase();
  if (q === '') return chats.filter((c) => c.isArchived === showArchived);
  return chats.filter(
    (c) => c.name.toLocaleLowerCase().includes(q) || previewText(c.preview).toLocaleLowerCase().includes(q),
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
