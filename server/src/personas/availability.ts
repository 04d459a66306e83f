import { PERSONA_UNPUBLISHED_MESSAGE } from '@neura/contract';
import type { PersonaRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import { PERSONA_DELETED } from './custom.js';

/**
 * Whether new messages may be sent in a chat with this persona: undefined when they may, else the
 * error a send answers (and the chat page shows as its read-only note). A catalog persona the
 * operator unpublished keeps its chats readable but closed (409 `persona:unpublished`); so does a
 * custom persona its creator deleted (409 `conflict`, issue #29). Who may use a custom persona at
 * all is `assertCustomPersonaUsable` (custom.ts).
 */
export function chatClosedReason(persona: PersonaRow): AppError | undefined {
  if (persona.owner_id != null && persona.deleted_at != null) return new AppError('conflict', PERSONA_DELETED);
  if (persona.owner_id == null && persona.published !== 1) {
    return new AppError('persona:unpublished', PERSONA_UNPUBLISHED_MESSAGE);
  }
  return undefined;
}
