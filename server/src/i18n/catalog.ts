import { acceptLanguageTags, DEFAULT_LOCALE, isLocale, LOCALE_NAMES, type Locale, matchLocale } from '@neura/contract';
import { ar } from './locales/ar.js';
import { de } from './locales/de.js';
import { enUS, type ServerCatalog } from './locales/en-US.js';
import { es } from './locales/es.js';
import { fr } from './locales/fr.js';
import { ja } from './locales/ja.js';
import { ptBR } from './locales/pt-BR.js';

/**
 * The server's message catalog (issue #43): error messages, mails and what the model is told, in
 * each of the contract's LOCALES. Every locale is typed as the en-US catalog (a missing key fails
 * the typecheck) and `catalog.test.ts` compares them key for key and arity for arity.
 */
export const SERVER_CATALOGS: Record<Locale, ServerCatalog> = { 'en-US': enUS, es, de, fr, 'pt-BR': ptBR, ja, ar };

export type { ServerCatalog };

/** The catalog of `locale` (en-US for anything unknown). */
export const serverTexts = (locale: string | null | undefined): ServerCatalog =>
  SERVER_CATALOGS[isLocale(locale) ? locale : DEFAULT_LOCALE];

/** The locale of a request: the signed-in user's choice, else the Accept-Language header, else en-US. */
export function requestLocale(acceptLanguage: string | undefined, userLocale?: string | null): Locale {
  if (isLocale(userLocale)) return userLocale;
  return matchLocale(acceptLanguageTags(acceptLanguage)) ?? DEFAULT_LOCALE;
}

type MessageKey = keyof ServerCatalog['messages'];
const KEY_OF_MESSAGE = new Map<string, MessageKey>(
  (Object.entries(enUS.messages) as [MessageKey, string][]).map(([key, text]) => [text, key]),
);

/**
 * An en-US message the server produced, in `locale`: a catalog message is looked up by its en-US
 * text, also after a field prefix (`locale: Unsupported language…`). A message the catalog does
 * not have (one carrying a name or a number) stays as it is.
 */
export function translateMessage(message: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return message;
  const messages = SERVER_CATALOGS[locale].messages;
  const key = KEY_OF_MESSAGE.get(message);
  if (key) return messages[key];
  const field = /^([\w.[\]]+): (.+)$/s.exec(message);
  const fieldKey = field ? KEY_OF_MESSAGE.get(field[2] as string) : undefined;
  return field && fieldKey ? `${field[1]}: ${messages[fieldKey]}` : message;
}

/** What the model is told of its user's language (its system context), or nothing when unknown. */
export function languageInstruction(locale: Locale | null | undefined): string | undefined {
  if (!locale) return undefined;
  return `The user's language is ${LOCALE_NAMES[locale].english} (${locale}). Reply in the language the user writes in.`;
}

/** A persona's system prompt with the user's language after it. */
export function withLanguage(systemPrompt: string, locale: Locale | null | undefined): string {
  const line = languageInstruction(locale);
  return line ? `${systemPrompt}\n\n${line}` : systemPrompt;
}
