import type { CustomPersona, Persona } from '@neura/contract';
import { fromJson } from '../db/database.js';
import type { PersonaRow } from '../db/schema.js';
import { presentPersona } from '../personas/present.js';

/** Where others open an unlisted or public persona (the web's route). */
export const personaLink = (id: string) => `/p/${encodeURIComponent(id)}`;

/** What anyone allowed to chat with it sees: never the instructions. */
export function presentPublicPersona(row: PersonaRow): Persona {
  return presentPersona(row);
}

/** What the owner sees of their persona: the instructions, model, visibility and review too. */
export function presentCustomPersona(row: PersonaRow): CustomPersona {
  return {
    ...presentPersona(row),
    instructions: row.system_prompt,
    model: row.model,
    visibility: row.visibility,
    reviewState: row.visibility === 'public' ? row.review_state : null,
    link: personaLink(row.id),
    knowledge: fromJson<string[]>(row.knowledge ?? null, []),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
