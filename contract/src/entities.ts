import { z } from 'zod';
import { PERSONA_VISIBILITIES, SKILLS } from './constants.js';
import { LOCALES } from './locales.js';
import { messagePartSchema } from './skills.js';

export const skillSchema = z.enum(SKILLS);

/** One language's persona texts, bounded like the default ones. */
export const personaTranslationSchema = z.strictObject({
  name: z.string().trim().min(1).max(80).optional(),
  description: z.string().max(500).optional(),
  greeting: z.string().max(4000).optional(),
});
/** `{ [locale]: { name?, description?, greeting? } }`: known locales only. */
export const personaTranslationsSchema = z.strictObject({
  'en-US': personaTranslationSchema.optional(),
  es: personaTranslationSchema.optional(),
  de: personaTranslationSchema.optional(),
  fr: personaTranslationSchema.optional(),
  'pt-BR': personaTranslationSchema.optional(),
  ja: personaTranslationSchema.optional(),
  ar: personaTranslationSchema.optional(),
} satisfies Record<(typeof LOCALES)[number], z.ZodType>);
export type PersonaTranslations = z.infer<typeof personaTranslationsSchema>;

export const personaSchema = z.object({
  id: z.string().min(1).max(64),
  icon: z.string(),
  name: z.string().min(1).max(80),
  description: z.string().max(500),
  cost: z.number().int().min(0).max(1000),
  tags: z.array(z.string().min(1).max(32)),
  published: z.boolean(),
  requiresPro: z.boolean(),
  includedSkills: z.array(skillSchema),
  /** Shown as the first bubble of an empty chat (client-side only: never charged, never sent to the model). */
  greeting: z.string().max(4000).nullish(),
  /** A one-line pitch under the name (0014). */
  tagline: z.string().max(120).nullish(),
  /** Up to 4 suggested first messages, shown as chips in an empty chat (0014). */
  suggestedPrompts: z.array(z.string().trim().min(1).max(200)).max(4).optional(),
  /**
   * The uploaded avatar, served by `GET /api/personas/:id/avatar` (null or absent: the generated
   * art of `icon`). Output only: set by uploading, never by import.
   */
  avatarUrl: z.string().nullish(),
  /** Made by a user (issue #29), not the operator's catalog. */
  custom: z.boolean().optional(),
  /** 'public' (listed once approved), 'unlisted' (anyone signed in with the link), 'private'. */
  visibility: z.enum(PERSONA_VISIBILITIES).optional(),
  /** The name, description and greeting in other languages (issue #43); the fields above are the default. */
  translations: personaTranslationsSchema.optional(),
});
export type Persona = z.infer<typeof personaSchema>;

/** Persona as stored and imported: the public fields plus what the reply engine needs. */
export const personaRecordSchema = personaSchema.extend({
  systemPrompt: z.string().min(1).max(20_000),
  model: z
    .string()
    .regex(/^[a-z0-9-]+:.+$/, 'model must be "provider:model"')
    .nullish(),
  /** Knowledge (issue #45): documents of the operator who saves it, which every chat with it is grounded on. */
  knowledge: z.array(z.string().min(1).max(64)).max(20).optional(),
});
export type PersonaRecord = z.infer<typeof personaRecordSchema>;

export const chatSchema = z.object({
  id: z.string(),
  name: z.string(),
  persona: z.string(),
  lastMessageAt: z.string().nullable(),
  preview: z.string().nullable(),
  isPinned: z.boolean(),
  isArchived: z.boolean(),
  /** Its folder (issue #49); absent or null: unfiled. */
  folderId: z.string().nullable().optional(),
  /** A temporary chat (issue #49): only on the device that made it; gone when left or 24 h after its last message. */
  temporary: z.boolean().optional(),
  /** A group chat (issue #46): its personas in speaking order (`persona` is the first); absent for one persona. */
  personas: z.array(z.string()).optional(),
});
export type Chat = z.infer<typeof chatSchema>;

/** `admin` users reach the operator's console and see admin-only details (token usage, server details). */
export const userRoleSchema = z.enum(['user', 'admin']);

export const userSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  referralCode: z.string(),
  proExpiry: z.string().nullable(),
  isPro: z.boolean(),
  flags: z.array(z.string()),
  credits: z.number().int(),
  /** Absent from servers before wave 3: treat as `user`. */
  role: userRoleSchema.optional(),
  /** The user's language (issue #43); absent from servers before wave 4: treat as the browser's. */
  locale: z.enum(LOCALES).nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

export const messageRoleSchema = z.enum(['user', 'assistant', 'system']);
export const messageStatusSchema = z.enum(['complete', 'streaming', 'stopped', 'failed']);

/** A file attached to a user's message (ARCHITECTURE.md §3 "Files"); `url` is signed and expiring. */
export const messageAttachmentSchema = z.object({
  id: z.string(),
  url: z.string(),
  mimeType: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  purpose: z.enum(['attachment', 'mask']).optional(),
  /** A document (issue #45): its file name and pages. */
  kind: z.literal('document').optional(),
  name: z.string().optional(),
  pages: z.number().int().optional(),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

export const finishReasonSchema = z.enum(['stop', 'length', 'content_filter', 'tool_calls', 'error', 'other']);
export type FinishReason = z.infer<typeof finishReasonSchema>;

/** Token counts as the provider reported them; a count it did not report is absent. */
export const tokenUsageSchema = z.object({
  inputTokens: z.number().int().nonnegative().optional(),
  outputTokens: z.number().int().nonnegative().optional(),
  reasoningTokens: z.number().int().nonnegative().optional(),
  cachedInputTokens: z.number().int().nonnegative().optional(),
});
export type TokenUsage = z.infer<typeof tokenUsageSchema>;

export const messageSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  role: messageRoleSchema,
  content: z.string(),
  parts: z.array(messagePartSchema).optional(),
  attachments: z.array(messageAttachmentSchema).optional(),
  createdAt: z.string(),
  status: messageStatusSchema,
  cost: z.number().int(),
  /** On an assistant reply: the user message it answers; replies sharing it are versions of one answer. */
  replyTo: z.string().optional(),
  /** On a reply: the ids of every version of it, oldest first (retry, regenerate, edit-and-resend). */
  versions: z.array(z.string()).optional(),
  /** True on a version a newer one replaced: still readable, no longer in the model's context. */
  superseded: z.boolean().optional(),
  /** On a reply whose user message was edited later: the text it answered (shown with that version). */
  prompt: z.string().optional(),
  /** On a user message edited with editMessage: when its text was last changed. */
  editedAt: z.string().optional(),
  /** On a reply: the model's reasoning ("Thinking"), apart from the answer; never sent back to the model as it. */
  reasoning: z.string().optional(),
  /** On a finished reply: why the model stopped; `length` = cut short by the token limit. */
  finishReason: finishReasonSchema.optional(),
  /** On a reply, for admins only: the model id that answered. */
  model: z.string().optional(),
  /** On a reply, for admins only: the provider's token counts (summed over the reply's steps). */
  usage: tokenUsageSchema.optional(),
  /** On a reply, for its owner: the tokens of the user's memory its context carried (the receipt). */
  memoryTokens: z.number().int().nonnegative().optional(),
  /** On a reply in a group chat: the persona that spoke. */
  personaId: z.string().optional(),
  /** On a reply, for its owner: the tokens of document passages its context carried (issue #45). */
  documentTokens: z.number().int().nonnegative().optional(),
});
export type Message = z.infer<typeof messageSchema>;

export const locationSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  city: z.string().optional(),
  state: z.string().optional(),
  country: z.string().optional(),
  timezone: z.string().optional(),
});
export type LocationResult = z.infer<typeof locationSchema>;
