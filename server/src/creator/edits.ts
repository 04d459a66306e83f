import type { CustomPersonaInput, CustomPersonaPatch, Skill } from '@neura/contract';
import { SKILLS } from '@neura/contract';
import type { Config } from '../config.js';
import { fromJson, toJson } from '../db/database.js';
import type { NewPersona, PersonaRow } from '../db/schema.js';
import { AppError, badRequest } from '../errors.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { translationsColumn } from '../personas/translations.js';
import type { SkillRegistry } from '../skills/registry.js';
import type { CustomPersonaPricing } from './pricing.js';
import { CUSTOM_SORT_ORDER } from './repository.js';
import { creatorTexts as t } from './texts.js';

/** The builder's rules (creator/service.ts): what a persona's input may be, and the row a create or an edit writes. */

/** The fields whose change sends an approved (or rejected) public persona back to review. */
const REVIEWED_FIELDS = [
  'name',
  'instructions',
  'greeting',
  'description',
  'tagline',
  'suggestedPrompts',
  'translations',
  'knowledge',
] as const;

/** Skill names are checked before the contract's schema, so an unknown one gets a message naming it. */
export function checkSkillNames(body: unknown): void {
  const skills = (body as { skills?: unknown } | null)?.skills;
  if (!Array.isArray(skills)) return;
  for (const skill of skills) {
    if (typeof skill === 'string' && !(SKILLS as readonly string[]).includes(skill))
      throw badRequest(t.unknownSkill(skill));
  }
}

export const HOUR_MS = 3600_000;

/** The limiter's 429, with a sentence that says which limit it was. */
export async function reserveOr<T>(reserve: () => Promise<T>, message: string): Promise<T> {
  try {
    return await reserve();
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate-limited') throw new AppError('rate-limited', message);
    throw error;
  }
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
/** The same items whatever their order or repeats (knowledge files: a reorder is not new text to review). */
const sameSet = (a: readonly string[], b: readonly string[]) => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((x) => right.has(x));
};

/** The operator's limits over the contract's: instructions length, skills the server runs, allowed models. */
export function checkLimits(
  d: {
    config: Pick<Config, 'CUSTOM_PERSONA_INSTRUCTIONS_MAX'>;
    skills: Pick<SkillRegistry, 'isAvailable'>;
    pricing: Pick<CustomPersonaPricing, 'models'>;
  },
  input: CustomPersonaPatch | CustomPersonaInput,
): void {
  const max = d.config.CUSTOM_PERSONA_INSTRUCTIONS_MAX;
  if (input.instructions !== undefined && input.instructions.length > max) throw badRequest(t.instructionsTooLong(max));
  for (const skill of input.skills ?? []) {
    if (!d.skills.isAvailable(skill as Skill)) throw badRequest(t.skillUnavailable(skill));
  }
  if (input.model != null && !d.pricing.models.includes(input.model))
    throw badRequest(t.unknownModel(input.model, d.pricing.models));
}

/** A new persona's row (a public one starts pending review). */
export function newRow(
  input: CustomPersonaInput,
  userId: string,
  model: string | null,
  cost: number,
): NewPersona & { owner_id: string } {
  const now = nowIso();
  return {
    id: newId(),
    icon: 'spark',
    name: input.name,
    description: input.description ?? '',
    cost,
    tags: toJson([]),
    published: 0,
    requires_pro: 0,
    included_skills: toJson([...new Set(input.skills ?? [])]),
    system_prompt: input.instructions,
    model,
    greeting: input.greeting || null,
    tagline: input.tagline || null,
    suggested_prompts: input.suggestedPrompts?.length ? toJson(input.suggestedPrompts) : null,
    translations: translationsColumn(input.translations),
    knowledge: input.knowledge?.length ? toJson([...new Set(input.knowledge)]) : null,
    sort_order: CUSTOM_SORT_ORDER,
    owner_id: userId,
    visibility: input.visibility,
    review_state: input.visibility === 'public' ? 'pending' : null,
    deleted_at: null,
    created_at: now,
    updated_at: now,
  };
}

/** The changes an edit writes, computed from the row as it is under its lock: reviewed text or going public sends it to review. */
export function patchChanges(
  row: PersonaRow,
  patch: CustomPersonaPatch,
  model: string | null | undefined,
  cost: number | undefined,
): Partial<NewPersona> {
  const changes: Partial<NewPersona> = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.instructions !== undefined) changes.system_prompt = patch.instructions;
  if (patch.description !== undefined) changes.description = patch.description ?? '';
  if (patch.greeting !== undefined) changes.greeting = patch.greeting || null;
  if (patch.tagline !== undefined) changes.tagline = patch.tagline || null;
  if (patch.suggestedPrompts !== undefined)
    changes.suggested_prompts = patch.suggestedPrompts.length ? toJson(patch.suggestedPrompts) : null;
  if (patch.skills !== undefined) changes.included_skills = toJson([...new Set(patch.skills)]);
  if (patch.translations !== undefined) changes.translations = translationsColumn(patch.translations);
  if (patch.knowledge !== undefined)
    changes.knowledge = patch.knowledge.length ? toJson([...new Set(patch.knowledge)]) : null;
  if (model !== undefined && cost !== undefined) {
    changes.model = model;
    changes.cost = cost;
  }
  const visibility = patch.visibility ?? row.visibility;
  const textChanged = REVIEWED_FIELDS.some((field) => changed(row, patch, field));
  if (visibility !== 'public') {
    changes.review_state = null;
  } else if (row.visibility !== 'public' || (textChanged && row.review_state !== 'pending')) {
    changes.review_state = 'pending';
  }
  if (patch.visibility !== undefined) changes.visibility = visibility;
  const reviewState = changes.review_state === undefined ? row.review_state : changes.review_state;
  changes.published = visibility === 'public' && reviewState === 'approved' ? 1 : 0;
  changes.updated_at = nowIso();
  return changes;
}

/** Whether the edit changes one of the reviewed fields. */
function changed(row: PersonaRow, patch: CustomPersonaPatch, field: (typeof REVIEWED_FIELDS)[number]): boolean {
  switch (field) {
    case 'name':
      return patch.name !== undefined && patch.name !== row.name;
    case 'instructions':
      return patch.instructions !== undefined && patch.instructions !== row.system_prompt;
    case 'description':
      return patch.description !== undefined && (patch.description ?? '') !== row.description;
    case 'greeting':
      return patch.greeting !== undefined && (patch.greeting || null) !== row.greeting;
    case 'tagline':
      return patch.tagline !== undefined && (patch.tagline || null) !== row.tagline;
    case 'suggestedPrompts':
      return (
        patch.suggestedPrompts !== undefined &&
        !sameList(patch.suggestedPrompts, fromJson<string[]>(row.suggested_prompts, []))
      );
    case 'translations':
      return patch.translations !== undefined && translationsColumn(patch.translations) !== row.translations;
    case 'knowledge':
      return patch.knowledge !== undefined && !sameSet(patch.knowledge, fromJson<string[]>(row.knowledge, []));
  }
}
