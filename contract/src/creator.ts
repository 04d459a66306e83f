import { z } from 'zod';
import { PERSONA_VISIBILITIES } from './constants.js';
import { personaSchema, personaTranslationsSchema, skillSchema } from './entities.js';
import { CONTROL_CHARS, CONTROL_CHARS_MESSAGE, CONTROL_CHARS_MULTILINE } from './validators.js';

/**
 * People's own personas (issue #29): `GET|POST /api/users/me/personas`,
 * `PATCH|DELETE /api/users/me/personas/:id`, `GET /api/users/me/personas/options`,
 * `GET /api/personas/:id/profile` (what anyone allowed to chat sees; never the instructions).
 */

/** Hard ceilings of the texts; the operator's limit on instructions (`CUSTOM_PERSONA_INSTRUCTIONS_MAX`) is at most this. */
export const CUSTOM_PERSONA_LIMITS = {
  name: 60,
  tagline: 120,
  description: 500,
  greeting: 1000,
  instructions: 20_000,
  prompt: 200,
  prompts: 4,
} as const;

export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

const line = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((s) => !CONTROL_CHARS.test(s), CONTROL_CHARS_MESSAGE);
const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((s) => !CONTROL_CHARS_MULTILINE.test(s), CONTROL_CHARS_MESSAGE);

/** `POST /api/users/me/personas`: answers 201 with the `CustomPersona` (its `id` works with `createChat`). */
export const customPersonaInputSchema = z.object({
  name: line(CUSTOM_PERSONA_LIMITS.name, 'Name').pipe(z.string().min(1, 'Give your persona a name.')),
  instructions: text(CUSTOM_PERSONA_LIMITS.instructions, 'Instructions').pipe(
    z.string().min(1, 'Write the instructions your persona follows.'),
  ),
  greeting: text(CUSTOM_PERSONA_LIMITS.greeting, 'Greeting').nullish(),
  description: text(CUSTOM_PERSONA_LIMITS.description, 'Description').nullish(),
  tagline: line(CUSTOM_PERSONA_LIMITS.tagline, 'Tagline').nullish(),
  suggestedPrompts: z
    .array(line(CUSTOM_PERSONA_LIMITS.prompt, 'A suggested prompt').pipe(z.string().min(1)))
    .max(CUSTOM_PERSONA_LIMITS.prompts, `At most ${CUSTOM_PERSONA_LIMITS.prompts} suggested prompts.`)
    .optional(),
  skills: z.array(skillSchema).max(20).optional(),
  /** One of the operator's allowed models (`GET …/options`); absent: the first allowed one. */
  model: z.string().trim().min(1).max(200).nullish(),
  visibility: z.enum(PERSONA_VISIBILITIES),
  /** The name, description and greeting in other languages (issue #43): known locales only. */
  translations: personaTranslationsSchema.nullish(),
  /** Document ids (the maker's uploads) every chat with the persona is grounded on (issue #45). */
  knowledge: z.array(z.string().min(1).max(64)).max(20).optional(),
});
export type CustomPersonaInput = z.infer<typeof customPersonaInputSchema>;

/** `PATCH /api/users/me/personas/:id`: any subset of the fields. */
export const customPersonaPatchSchema = customPersonaInputSchema.partial();
export type CustomPersonaPatch = z.infer<typeof customPersonaPatchSchema>;

/** What the owner sees of their persona (others get `personaSchema`, never the instructions). */
export const customPersonaSchema = personaSchema.extend({
  instructions: z.string(),
  model: z.string().nullable(),
  visibility: z.enum(PERSONA_VISIBILITIES),
  /** For `public` ones: the operator's review; null while private or unlisted. */
  reviewState: z.enum(REVIEW_STATES).nullable(),
  /** Where others open it: `/p/<id>` (unlisted and public ones). */
  link: z.string(),
  /** The persona's knowledge documents (issue #45); absent from servers before wave 4. */
  knowledge: z.array(z.string()).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomPersona = z.infer<typeof customPersonaSchema>;

/** `GET /api/users/me/personas` → `{ items }`, newest first. */
export interface CustomPersonaList {
  items: CustomPersona[];
  /** The per-user limit (`CUSTOM_PERSONAS_PER_USER`). */
  limit: number;
}

/** `GET /api/users/me/personas/options`: what the builder may offer. */
export interface CreatorOptions {
  /** Skills this server can run (`available`), with their surcharge in credits. */
  skills: { skill: z.infer<typeof skillSchema>; available: boolean; surcharge: number }[];
  /** The operator's allowed models, each with the per-message price in credits a persona on it costs. */
  models: { id: string; label: string; price: number }[];
  instructionsMax: number;
  personasMax: number;
  personasUsed: number;
  /** Credits charged for "Generate avatar" (the image skill's surcharge). */
  avatarGenerateCost: number;
}

/** `POST /api/personas/:id/report { reason }` (public custom personas): lands in the console's feedback inbox. */
export const personaReportSchema = z.object({
  reason: text(1000, 'A report').pipe(z.string().min(1, 'Tell us what is wrong with this persona.')),
});
export type PersonaReport = z.infer<typeof personaReportSchema>;
/** The feedback `type` of a persona report (its `about` is `persona:<id>`). */
export const PERSONA_REPORT_TYPE = 'persona-report';

/** `POST /api/users/me/personas/:id/avatar/generate { prompt? }`: a picture from the image skill, paid as that skill. */
export const avatarGenerateSchema = z.object({
  prompt: line(400, 'The picture description').optional(),
});

/** The console's review queue: `GET /api/admin/persona-reviews` → `{ items }`, oldest first. */
export interface PersonaReviewItem {
  persona: CustomPersona;
  owner: { id: string; email: string | null };
  /** Its knowledge documents (issue #45), reviewed like its texts: name, pages, status and the text read. */
  knowledge?: ReviewKnowledge[];
}

/** A knowledge document as the reviewer sees it; `text` is what replies are grounded on (cut at 20,000 characters). */
export interface ReviewKnowledge {
  id: string;
  name: string;
  pages?: number;
  status: 'ready' | 'processing' | 'failed';
  text: string;
  /** The text shown is the start of a longer one. */
  truncated: boolean;
}

/** The console's prices of custom personas: `GET|PUT /api/admin/custom-persona-prices`. */
export interface CustomPersonaPriceItem {
  /** `provider:model`, or `*` for every model without a price of its own. */
  model: string;
  price: number;
  source: 'console' | 'config' | 'default';
}
export const customPersonaPriceSchema = z.object({
  model: z.string().trim().min(1).max(200),
  price: z.number().int().min(0).max(1000),
});
