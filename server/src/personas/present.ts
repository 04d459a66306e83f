import type { Persona, PersonaRecord } from '@neura/contract';
import { fromBool, fromJson, toBool, toJson } from '../db/database.js';
import type { NewPersona, PersonaRow } from '../db/schema.js';
import { nowIso } from '../lib/time.js';
import { customAvatarUrl, personaUrlPrefix } from './custom.js';
import { translationsColumn, translationsOf } from './translations.js';

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
    tagline: row.tagline ?? null,
    suggestedPrompts: fromJson<string[]>(row.suggested_prompts ?? null, []),
    avatarUrl: row.avatar ? (row.owner_id != null ? customAvatarUrl(row) : personaAvatarUrl(row)) : null,
    custom: row.owner_id != null,
    visibility: row.visibility ?? 'public',
    translations: translationsOf(row),
  };
}

/** Where the uploaded avatar is served; the update time busts caches when it changes. */
export function personaAvatarUrl(row: Pick<PersonaRow, 'id' | 'updated_at'>): string {
  return `${personaUrlPrefix()}/personas/${encodeURIComponent(row.id)}/avatar?v=${encodeURIComponent(String(row.updated_at))}`;
}

export function toPersonaRecord(row: PersonaRow): PersonaRecord {
  const knowledge = fromJson<string[]>(row.knowledge ?? null, []);
  return {
    ...presentPersona(row),
    systemPrompt: row.system_prompt,
    model: row.model,
    ...(knowledge.length ? { knowledge } : {}),
  };
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
    tagline: record.tagline ?? null,
    suggested_prompts: record.suggestedPrompts?.length ? toJson(record.suggestedPrompts) : null,
    translations: translationsColumn(record.translations),
    sort_order: sortOrder,
    created_at: now,
    updated_at: now,
  };
}
