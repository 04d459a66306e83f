import {
  CUSTOM_PERSONA_LIMITS,
  type CustomPersona,
  type CustomPersonaInput,
  customPersonaInputSchema,
  LOCALES,
  PERSONA_VISIBILITIES,
  type Persona,
  type PersonaTranslations,
  type PersonaVisibility,
  SKILLS,
  type Skill,
} from '@neura/contract';
import { z } from 'zod';
import { AppError } from '../api/app-error';
import { creatorTexts as t } from '../texts/creator';

/** What the builder's fields hold (strings as typed; trimmed and nulled only when sent). */
export interface FormValues {
  name: string;
  tagline: string;
  description: string;
  instructions: string;
  greeting: string;
  prompts: string[];
  skills: Skill[];
  model: string;
  visibility: PersonaVisibility;
  /** Per translated locale (not en-US): name and description as typed; a greeting set through the API is kept. */
  translations: Record<string, TranslationValues>;
  /** Knowledge (issue #45): the ids of the maker's documents. */
  knowledge: string[];
}

export interface TranslationValues {
  name: string;
  description: string;
  greeting?: string;
}

/** The locales a persona's texts can be translated into in the builder (en-US is the texts above). */
export const TRANSLATION_LOCALES = LOCALES.filter((l) => l !== 'en-US');

export type FieldName = keyof FormValues;
export type FieldErrors = Partial<Record<FieldName | 'form' | 'avatar', string>>;

export const emptyForm = (): FormValues => ({
  name: '',
  tagline: '',
  description: '',
  instructions: '',
  greeting: '',
  prompts: [''],
  skills: [],
  model: '',
  visibility: 'private',
  translations: {},
  knowledge: [],
});

/** A draft as stored in localStorage: parsed with defaults, so an old or broken one never breaks the page. */
export const formValuesSchema = z.object({
  name: z.string().catch(''),
  tagline: z.string().catch(''),
  description: z.string().catch(''),
  instructions: z.string().catch(''),
  greeting: z.string().catch(''),
  prompts: z.array(z.string()).max(CUSTOM_PERSONA_LIMITS.prompts).catch(['']),
  skills: z.array(z.enum(SKILLS)).catch([]),
  model: z.string().catch(''),
  visibility: z.enum(PERSONA_VISIBILITIES).catch('private'),
  translations: z
    .record(z.string(), z.object({ name: z.string().catch(''), description: z.string().catch('') }))
    .catch({}),
  knowledge: z.array(z.string()).max(20).catch([]),
});

export function fromPersona(p: CustomPersona): FormValues {
  return {
    name: p.name,
    tagline: p.tagline ?? '',
    description: p.description,
    instructions: p.instructions,
    greeting: p.greeting ?? '',
    prompts: p.suggestedPrompts?.length ? [...p.suggestedPrompts] : [''],
    skills: [...p.includedSkills],
    model: p.model ?? '',
    visibility: p.visibility,
    knowledge: [...(p.knowledge ?? [])],
    translations: Object.fromEntries(
      Object.entries(p.translations ?? {}).map(([locale, tr]) => [
        locale,
        {
          name: tr?.name ?? '',
          description: tr?.description ?? '',
          ...(tr?.greeting ? { greeting: tr.greeting } : {}),
        },
      ]),
    ),
  };
}

/** The filled-in translations of known locales (empty fields left out), or null when there are none. */
function translationsInput(values: Record<string, TranslationValues>): PersonaTranslations | null {
  const out: Record<string, { name?: string; description?: string; greeting?: string }> = {};
  for (const locale of TRANSLATION_LOCALES) {
    const tr = values[locale];
    const entry = {
      ...(tr?.name.trim() ? { name: tr.name.trim() } : {}),
      ...(tr?.description.trim() ? { description: tr.description.trim() } : {}),
      ...(tr?.greeting ? { greeting: tr.greeting } : {}),
    };
    if (Object.keys(entry).length) out[locale] = entry;
  }
  return Object.keys(out).length ? (out as PersonaTranslations) : null;
}

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** The body of POST / PATCH `/users/me/personas`. */
export function toInput(v: FormValues): CustomPersonaInput {
  return {
    name: v.name.trim(),
    instructions: v.instructions.trim(),
    tagline: orNull(v.tagline),
    description: orNull(v.description),
    greeting: orNull(v.greeting),
    suggestedPrompts: v.prompts.map((p) => p.trim()).filter(Boolean),
    skills: v.skills,
    model: orNull(v.model),
    visibility: v.visibility,
    translations: translationsInput(v.translations ?? {}),
    knowledge: v.knowledge ?? [],
  };
}

const FIELD_OF: Record<string, FieldName> = {
  name: 'name',
  tagline: 'tagline',
  description: 'description',
  instructions: 'instructions',
  greeting: 'greeting',
  suggestedPrompts: 'prompts',
  skills: 'skills',
  model: 'model',
  visibility: 'visibility',
  translations: 'translations',
  knowledge: 'knowledge',
};

/** The contract's checks plus the operator's instructions limit, as one message per field. */
export function validate(v: FormValues, instructionsMax: number): FieldErrors {
  const errors: FieldErrors = {};
  const result = customPersonaInputSchema.safeParse(toInput(v));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = FIELD_OF[String(issue.path[0] ?? '')];
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  const over = v.instructions.trim().length - instructionsMax;
  if (over > 0) errors.instructions = t.builder.overLimit(over);
  return errors;
}

/**
 * A refused save: the server's `request:invalid` names the field (`name: …`, `suggestedPrompts.2: …`,
 * see server/src/lib/validate.ts); its message goes next to that field, anything else above the form.
 */
export function errorsFromServer(error: unknown, fallback: string): FieldErrors {
  if (!(error instanceof AppError)) return { form: fallback };
  const match = /^([A-Za-z]+)(?:\.\d+)*: (.+)$/s.exec(error.message);
  const field = match ? FIELD_OF[match[1] ?? ''] : undefined;
  if (match && field) return { [field]: match[2] };
  const lower = error.message.toLowerCase();
  if (lower.startsWith('instructions')) return { instructions: error.message };
  if (lower.includes('model')) return { model: error.message };
  if (lower.includes('skill')) return { skills: error.message };
  return { form: error.message };
}

/** The persona as an empty chat would show it, for the live preview. */
export function previewPersona(v: FormValues, saved: CustomPersona | null, cost: number): Persona {
  return {
    id: saved?.id ?? 'preview',
    icon: saved?.icon ?? 'sparkles',
    name: v.name.trim() || t.preview.namePlaceholder,
    description: v.description.trim(),
    cost,
    tags: [],
    published: false,
    requiresPro: false,
    includedSkills: v.skills,
    greeting: v.greeting.trim() || null,
    tagline: v.tagline.trim() || null,
    suggestedPrompts: v.prompts.map((p) => p.trim()).filter(Boolean),
    avatarUrl: saved?.avatarUrl ?? null,
    custom: true,
  };
}
