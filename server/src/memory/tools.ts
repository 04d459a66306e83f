import { forgetInputSchema, type MemoryPart, rememberInputSchema } from '@neura/contract';
import { type Tool, type ToolSet, tool } from 'ai';
import type { z } from 'zod';
import { AppError } from '../errors.js';
import type { MemoryPlace } from './repository.js';
import { type MemoryService, noteOf, presentItem } from './service.js';
import { searchWords } from './words.js';

/** The tools' answers when they could not act (the model reads them and tells the user). */
export const memoryToolTexts = {
  nothingMatched: 'Nothing in memory matched that, so nothing was forgotten.',
  notSaved: 'That could not be remembered.',
} as const;

/**
 * `remember { text, scope? }` and `forget { text }` for one reply: they act on the reply's user's
 * memory only (the place comes from the reply, never from the model), cost nothing and are not
 * skills. Each change is noted in the reply (`Memory updated`, with undo) and announced.
 */
export function memoryTools(
  memory: MemoryService,
  place: MemoryPlace & { userId: string },
  note: (part: MemoryPart) => void,
): ToolSet {
  const remember = tool<z.infer<typeof rememberInputSchema>, unknown>({
    description:
      'Save a lasting fact about the user to memory, when the user asks you to remember something or states a lasting fact about themselves (a name, a preference, a plan). Write it as a short sentence about the user. scope: "persona" (default: only you remember it), "user" (every persona), "chat" (this chat only).',
    inputSchema: rememberInputSchema,
    execute: async ({ text, scope }) => {
      const chosen = scope ?? 'persona';
      try {
        const item = await memory.add(
          place.userId,
          {
            text,
            scope: chosen,
            ...(chosen === 'persona' ? { personaId: place.personaId } : {}),
            ...(chosen === 'chat' ? { chatId: place.chatId } : {}),
          },
          'model',
        );
        note(noteOf('remembered', item));
        return { remembered: item.text, scope: item.scope };
      } catch (error) {
        // The persona or chat went away meanwhile: the model is told, the reply goes on.
        if (error instanceof AppError) return { error: memoryToolTexts.notSaved };
        throw error;
      }
    },
  }) as Tool;
  const forget = tool<z.infer<typeof forgetInputSchema>, unknown>({
    description:
      'Forget what memory holds about something, when the user asks you to forget it. text: the fact to forget, in the words it was saved with or close to them.',
    inputSchema: forgetInputSchema,
    execute: async ({ text }) => {
      const gone = await memory.forget(place.userId, text, searchWords([text]));
      if (gone.length === 0) return { forgotten: [], message: memoryToolTexts.nothingMatched };
      for (const row of gone) note(noteOf('forgot', presentItem(row)));
      return { forgotten: gone.map((row) => row.text) };
    },
  }) as Tool;
  return { remember, forget };
}
