import type { Chat, Folder } from '@neura/contract';
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

export type ChatGroup = 'pinned' | 'today' | 'yesterday' | 'earlier';
export type ChatListRow =
  | { kind: 'group'; group: ChatGroup }
  | { kind: 'chat'; chat: Chat }
  | { kind: 'folder'; folder: Folder; count: number; collapsed: boolean }
  | { kind: 'folder-empty'; folderId: string };

const GROUPS: readonly ChatGroup[] = ['pinned', 'today', 'yesterday', 'earlier'];

/** Midnight (local time) of `date`'s day. */
const dayStart = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/**
 * The chats under date headings: pinned ones on top in their own group, then Today, Yesterday and
 * Earlier by the last message (local days; a chat without messages yet counts as today). Each
 * group keeps the list's order; empty groups get no heading.
 */
export function groupChats(chats: Chat[], now: Date): ChatListRow[] {
  const today = dayStart(now);
  const yesterday = dayStart(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  const groupOf = (chat: Chat): ChatGroup => {
    if (chat.isPinned) return 'pinned';
    if (!chat.lastMessageAt) return 'today';
    const at = new Date(chat.lastMessageAt).getTime();
    if (Number.isNaN(at) || at >= today) return 'today';
    return at >= yesterday ? 'yesterday' : 'earlier';
  };
  const byGroup = new Map<ChatGroup, Chat[]>(GROUPS.map((g) => [g, []]));
  for (const chat of chats) byGroup.get(groupOf(chat))?.push(chat);
  return GROUPS.flatMap((group) => {
    const members = byGroup.get(group) ?? [];
    if (members.length === 0) return [];
    return [{ kind: 'group', group } as const, ...members.map((chat) => ({ kind: 'chat', chat }) as const)];
  });
}

/**
 * Folders first (issue #49), in their order, each with its chats (none shown when collapsed; a
 * note when it has none), then the unfiled chats under date headings. A chat of a folder that is
 * gone counts as unfiled.
 */
export function groupByFolder(
  chats: Chat[],
  folders: readonly Folder[],
  collapsed: Readonly<Record<string, boolean>>,
  now: Date,
): ChatListRow[] {
  const known = new Set(folders.map((f) => f.id));
  const rows: ChatListRow[] = folders.flatMap((folder): ChatListRow[] => {
    const members = chats.filter((c) => c.folderId === folder.id);
    const closed = collapsed[folder.id] === true;
    const heading: ChatListRow = { kind: 'folder', folder, count: members.length, collapsed: closed };
    if (closed) return [heading];
    if (members.length === 0) return [heading, { kind: 'folder-empty', folderId: folder.id }];
    return [heading, ...members.map((chat): ChatListRow => ({ kind: 'chat', chat }))];
  });
  return [
    ...rows,
    ...groupChats(
      chats.filter((c) => !c.folderId || !known.has(c.folderId)),
      now,
    ),
  ];
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
  if (typeof updatedFields.folderId === 'string' || updatedFields.folderId === null)
    out.folderId = updatedFields.folderId as string | null;
  // A group chat's personas (issue #46): a persona joined on another device.
  if (Array.isArray(updatedFields.personas) && updatedFields.personas.every((p) => typeof p === 'string'))
    out.personas = updatedFields.personas as string[];
  return out;
}
