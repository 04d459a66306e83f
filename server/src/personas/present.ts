import type { Persona, PersonaRecord } from '@neura/contract';
import { fromBool, fromJson, toBool, toJson } from '../db/database.js';
import type { NewPersona, PersonaRow } from '../db/schema.js';
import { nowIso } from '../lib/time.js';

export function presentPersona(row: PersonaRow): Persona {
  return {
    id: row.id,
    icon: row.icon,
    name: row.name,
    description: row.description,
    cost: row.cost,
    tags: fromJson<string[]>(row.tags, []),
    published: toBool(row.published),
    requiresPro: toBool(row.requires_pro),
    includedSkills: fromJson<Persona['includedSkills']>(row.included_skills, []),
    greeting: row.greeting,
  };
}

export function toPersonaRecord(row: PersonaRow): PersonaRecord {
  return { ...presentPersona(row), systemPrompt: row.system_prompt, model: row.model };
}

export function personaRow(record: PersonaRecord, sortOrder: number): NewPersona {
  const now = nowIso();
  return {
    id: record.id,
    icon: record.icon,
    name: record.name,
    description: record.description,
    cost: record.cost,
    tags: toJson(record.tags),
    published: fromBool(record.published),
    requires_pro: fromBool(record.requiresPro),
    included_skills: toJson(record.includedSkills),
    system_prompt: record.systemPrompt,
    model: record.model ?? null,
    greeting: record.greeting ?? null,
    sort_order: sortOrder,
    created_at: now,
    updated_at: now,
  };
}
