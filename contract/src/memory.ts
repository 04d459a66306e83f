import { z } from 'zod';
import { CONTROL_CHARS_MESSAGE, hasNoControlChars } from './validators.js';

/** Memory (wave 4, issue #44): "about me" and remembered items, the signed-in user's only. */

// As http.ts's plainText / multilineText (not imported: http.ts → entities.ts → skills.ts → here).
const plainText = () => z.string().refine((v) => hasNoControlChars(v), CONTROL_CHARS_MESSAGE);
const multilineText = () => z.string().refine((v) => hasNoControlChars(v, true), CONTROL_CHARS_MESSAGE);

export const MEMORY_ABOUT_MAX = 1500;
export const MEMORY_ITEM_MAX = 500;
export const MEMORY_SCOPES = ['user', 'persona', 'chat'] as const;
export type MemoryScope = (typeof MEMORY_SCOPES)[number];

export const memoryInputTexts = {
  aboutTooLong: `"About me" can be at most ${MEMORY_ABOUT_MAX.toLocaleString('en-US')} characters.`,
  itemEmpty: 'Write something to remember.',
  itemTooLong: `A memory can be at most ${MEMORY_ITEM_MAX} characters.`,
} as const;

export const memoryItemSchema = z.object({
  id: z.string(),
  text: z.string(),
  scope: z.enum(MEMORY_SCOPES),
  personaId: z.string().optional(),
  chatId: z.string().optional(),
  pinned: z.boolean(),
  source: z.enum(['user', 'model']),
  createdAt: z.string(),
});
export type MemoryItem = z.infer<typeof memoryItemSchema>;

/** `GET|PUT /users/me/memory`. */
export const memorySchema = z.object({
  enabled: z.boolean(),
  about: z.string(),
  items: z.array(memoryItemSchema),
});
export type Memory = z.infer<typeof memorySchema>;

const itemText = () =>
  plainText().trim().min(1, memoryInputTexts.itemEmpty).max(MEMORY_ITEM_MAX, memoryInputTexts.itemTooLong);

export const updateMemorySchema = z
  .object({
    enabled: z.boolean().optional(),
    about: multilineText().trim().max(MEMORY_ABOUT_MAX, memoryInputTexts.aboutTooLong).optional(),
  })
  .strict();
export type UpdateMemory = z.infer<typeof updateMemorySchema>;

export const createMemoryItemSchema = z
  .object({
    text: itemText(),
    scope: z.enum(MEMORY_SCOPES).optional(),
    personaId: z.string().min(1).max(100).optional(),
    chatId: z.string().min(1).max(100).optional(),
    pinned: z.boolean().optional(),
  })
  .strict();
export type CreateMemoryItem = z.infer<typeof createMemoryItemSchema>;

export const updateMemoryItemSchema = z
  .object({ text: itemText().optional(), pinned: z.boolean().optional() })
  .strict();
export type UpdateMemoryItem = z.infer<typeof updateMemoryItemSchema>;

/** The model's tools (not skills: no surcharge). */
export const rememberInputSchema = z.object({
  text: itemText(),
  scope: z.enum(MEMORY_SCOPES).optional(),
});
export const forgetInputSchema = z.object({ text: plainText().trim().min(1).max(MEMORY_ITEM_MAX) });

/** A reply's memory note ("Memory updated", with undo): what the model remembered or forgot, the item as it was. */
export const memoryPartSchema = z.object({
  type: z.literal('memory'),
  action: z.enum(['remembered', 'forgot']),
  itemId: z.string(),
  text: z.string(),
  scope: z.enum(MEMORY_SCOPES),
  personaId: z.string().optional(),
  chatId: z.string().optional(),
  pinned: z.boolean().optional(),
});
export type MemoryPart = z.infer<typeof memoryPartSchema>;

/** Parts without memory: what a share link, an export of someone else or a console may show. */
export function withoutMemory<P extends { type: string }>(parts: P[]): P[] {
  return parts.filter((p) => p.type !== 'memory');
}
