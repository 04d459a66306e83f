import type { Chat, Message, MessagePart } from '@neura/contract';
import { fromJson, toBool } from '../db/database.js';
import type { ChatRow, MessageRow } from '../db/schema.js';

export function presentChat(row: ChatRow): Chat {
  return {
    id: row.id,
    name: row.name,
    persona: row.persona_id,
    lastMessageAt: row.last_message_at,
    preview: row.preview,
    isPinned: toBool(row.is_pinned),
    isArchived: toBool(row.is_archived),
  };
}

/** A stored message as clients see it (ARCHITECTURE.md §3). */
export function presentMessage(row: MessageRow): Message {
  const parts = fromJson<MessagePart[] | null>(row.parts, null);
  return {
    id: row.id,
    chatId: row.chat_id,
    role: row.role,
    content: row.content,
    ...(parts ? { parts } : {}),
    createdAt: row.created_at,
    status: row.status,
    cost: row.cost,
    ...(row.reply_to ? { replyTo: row.reply_to } : {}),
    ...(row.superseded ? { superseded: true } : {}),
    // A user message is only ever updated by editMessage.
    ...(row.role === 'user' && row.updated_at !== row.created_at ? { editedAt: row.updated_at } : {}),
  };
}

/** The longest list preview, in characters. */
export const PREVIEW_MAX = 140;

/** One line of at most PREVIEW_MAX characters; null when there is no text. */
export function previewOf(text: string): string | null {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line === '') return null;
  return line.length <= PREVIEW_MAX ? line : `${line.slice(0, PREVIEW_MAX - 1).trimEnd()}…`;
}
