import { fromBool } from '../db/database.js';
import type { ChatRow } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';

/** A temporary chat (issue #49); `socketId`: the one session that sees it (the one that made it). */
export interface NewChatOptions {
  temporary?: boolean;
  socketId?: string;
}

/** A new chat's row (no message yet). */
export function chatRow(
  userId: string,
  personaId: string,
  name: string,
  personas: string | null,
  options: NewChatOptions,
): ChatRow {
  const now = nowIso();
  return {
    id: newId(),
    user_id: userId,
    persona_id: personaId,
    name,
    last_message_at: null,
    preview: null,
    is_pinned: 0,
    is_archived: 0,
    created_at: now,
    updated_at: now,
    folder_id: null,
    temporary: fromBool(options.temporary === true),
    personas,
  };
}
