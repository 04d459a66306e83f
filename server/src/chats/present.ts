import type { Chat } from '@neura/contract';
import { toBool } from '../db/database.js';
import type { ChatRow } from '../db/schema.js';

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
