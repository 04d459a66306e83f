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
type TemplateKey = keyof ServerCatalog['templates'];
const KEY_OF_MESSAGE = new Map<string, MessageKey>(
  (Object.entries(enUS.messages) as [MessageKey, string][]).map(([key, text]) => [text, key]),
);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Each en-US template as a pattern: its text with `(.+?)` where its parameters go, and which
 * parameter each group is (a translation may put them in another order). The longest literal
 * text first, so the most specific template wins.
 */
const TEMPLATE_PATTERNS = (Object.entries(enUS.templates) as [TemplateKey, (...args: string[]) => string][])
  .map(([key, template]) => {
    const marks = Array.from({ length: template.length }, (_, i) => `\uE000${i}\uE001`);
    const order: number[] = [];
    const pieces = template(...marks).split(/\uE000(\d+)\uE001/);
    const source = pieces.map((piece, i) => {
      if (i % 2 === 0) return escapeRegExp(piece);
      order.push(Number(piece));
      return '(.+?)';
    });
    const literal = pieces.filter((_, i) => i % 2 === 0).join('').length;
    return { key, pattern: new RegExp(`^${source.join('')}$`, 's'), order, arity: template.length, literal };
  })
  .sort((a, b) => b.literal - a.literal);

/**
 * An en-US message the server produced, in `locale`: a catalog message is looked up by its en-US
 * text, a message with names or numbers in it by its template's pattern (the values carried over,
 * themselves translated when they are catalog messages), both also after a field prefix
 * (`locale: Unsupported language…`). A message the catalog does not have stays as it is.
 */
export function translateMessage(message: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return message;
  const whole = translateKnown(message, locale);
  if (whole !== undefined) return whole;
  const field = /^([\w.[\]]+): (.+)$/s.exec(message);
  const rest = field ? translateKnown(field[2] as string, locale) : undefined;
  return field && rest !== undefined ? `${field[1]}: ${rest}` : message;
}

function translateKnown(message: string, locale: Locale): string | undefined {
  const catalog = SERVER_CATALOGS[locale];
  const key = KEY_OF_MESSAGE.get(message);
  if (key) return catalog.messages[key];
  for (const { key: templateKey, pattern, order, arity } of TEMPLATE_PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const args: string[] = Array.from({ length: arity }, () => '');
    order.forEach((slot, i) => {
      args[slot] = translateMessage(match[i + 1] as string, locale);
    });
    return (catalog.templates[templateKey] as (...values: string[]) => string)(...args);
  }
  return undefined;
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
