/**
 * The shape every locale's catalog follows: the en-US texts with each text widened to `string`
 * (functions keep their parameters). A locale module is `{ [group]: … }` of exactly these keys.
 */
import type { adminTexts } from './admin';
import type { appTexts, billingTexts, mediaTexts, messageActionTexts, replyTexts, skillTexts } from './app-texts';
import type { creatorTexts } from './creator';
import type { ioTexts } from './io';
import type { memoryTexts } from './memory';
import type { suggestionTexts } from './suggestions';
import type { platformTexts, texts } from './texts';

type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => R extends string ? string : R
    : T extends readonly (infer E)[]
      ? readonly Widen<E>[]
      : { readonly [K in keyof T]: Widen<T[K]> };

/** The texts of the first route and the app around it. */
export type MainCatalog = Widen<{
  texts: typeof texts & typeof appTexts;
  billingTexts: typeof billingTexts;
  skillTexts: typeof skillTexts;
  platformTexts: typeof platformTexts;
  messageActionTexts: typeof messageActionTexts;
  replyTexts: typeof replyTexts;
  mediaTexts: typeof mediaTexts;
}>;

/** The operator's console texts (its own lazy chunk). */
export type AdminCatalog = Widen<typeof adminTexts>;

/** The persona builder's texts (its own lazy chunk). */
export type CreatorCatalog = Widen<typeof creatorTexts>;

/** Memory's texts: the settings page, the chat's "Memory updated" note, the receipt's line. */
export type MemoryCatalog = Widen<typeof memoryTexts>;

/** Search, sharing, export and "Your data" (issue #30). */
export type IoCatalog = Widen<typeof ioTexts>;

/** The suggested first messages of a chat (per built-in persona, per skill, generic). */
export type SuggestionCatalog = Widen<typeof suggestionTexts>;
