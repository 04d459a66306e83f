import type { Message } from '@neura/contract';
import { fromJson } from '../db/database.js';
import type { MessageRow } from '../db/schema.js';

export function presentMessage(row: MessageRow): Message {
  const parts = fromJson<unknown[] | null>(row.parts, null);
  return {
    id: row.id,
    chatId: row.chat_id,
    role: row.role,
    content: row.content,
    ...(parts ? { parts } : {}),
    createdAt: row.created_at,
    status: row.status,
    cost: row.cost,
  };
}

/** A chat preview: the start of the message on one line. */
export function previewOf(text: string, max = 140): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
