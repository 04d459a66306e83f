import { LOCALES } from '@neura/contract';
import { describe, expect, it } from 'vitest';
import { limitTexts } from '../credits/limits.js';
import { languageInstruction, requestLocale, SERVER_CATALOGS, translateMessage, withLanguage } from './catalog.js';
import { enUS } from './locales/en-US.js';

/** Every leaf of a catalog as `path → "string" | "fn/arity"`. */
function shape(value: unknown, path = ''): Record<string, string> {
  if (typeof value === 'string') return { [path]: 'string' };
  if (typeof value === 'function') return { [path]: `fn/${value.length}` };
  if (typeof value === 'object' && value !== null) {
    return Object.assign({}, ...Object.entries(value).map(([k, v]) => shape(v, path ? `${path}.${k}` : k)));
  }
  return { [path]: typeof value };
}

/** Every string a catalog gives (functions called with sample arguments). */
function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return [String(value('1234', 'https://example.test'))];
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(leaves);
  return [];
}

describe('server catalogs', () => {
  const english = leaves(enUS);
  for (const locale of LOCALES.filter((l) => l !== 'en-US')) {
    it(`${locale} has exactly the en-US keys, with the same arities`, () => {
      expect(shape(SERVER_CATALOGS[locale])).toEqual(shape(enUS));
    });
    it(`${locale} is translated (no text left in English)`, () => {
      const same = leaves(SERVER_CATALOGS[locale]).filter((t, i) => t === english[i] && !/^[\W\d]*$/.test(t));
      expect(same).toEqual([]);
    });
  }

  it('a missing or extra key would fail (the comparison sees both)', () => {
    const { notFound: _dropped, ...rest } = SERVER_CATALOGS.de.messages;
    expect(shape({ ...SERVER_CATALOGS.de, messages: rest })).not.toEqual(shape(enUS));
    expect(shape({ ...SERVER_CATALOGS.de, messages: { ...rest, notFound: 'x', extra: 'y' } })).not.toEqual(shape(enUS));
  });
});

describe('translateMessage', () => {
  it('says a spending limit of 1 credit in the singular, in every language, and keeps the plural for more', () => {
    const one = limitTexts.daily(1, '2026-01-02 00:00 UTC');
    expect(one).toContain('(1 credit a day)');
    expect(translateMessage(one, 'es')).toContain('(1 crédito al día)');
    expect(translateMessage(limitTexts.monthly(1, 'x'), 'de')).toContain('(1 Credit pro Monat)');
    expect(translateMessage(limitTexts.daily(5, '2026-01-02 00:00 UTC'), 'es')).toContain('(5 créditos al día)');
    for (const locale of LOCALES) expect(translateMessage(one, locale)).not.toContain('1 credits');
  });
  it('keeps en-US as it is and translates a known message', () => {
    expect(translateMessage(enUS.messages.sessionExpired, 'en-US')).toBe(enUS.messages.sessionExpired);
    expect(translateMessage(enUS.messages.sessionExpired, 'de')).toBe(SERVER_CATALOGS.de.messages.sessionExpired);
  });
  it('translates after a field prefix and leaves unknown messages alone', () => {
    expect(translateMessage(`locale: ${enUS.messages.unsupportedLocale}`, 'fr')).toBe(
      `locale: ${SERVER_CATALOGS.fr.messages.unsupportedLocale}`,
    );
    expect(translateMessage('Some sentence nobody wrote.', 'ja')).toBe('Some sentence nobody wrote.');
  });
  it('translates a message with names and numbers by its template, the values carried over', () => {
    expect(translateMessage('Messages can be at most 4000 characters long.', 'de')).toBe(
      'Nachrichten dürfen höchstens 4000 Zeichen lang sein.',
    );
    expect(translateMessage('The model "gpt-x" is not offered here. Choose one of: a, b.', 'fr')).toBe(
      'Le modèle « gpt-x » n’est pas proposé ici. Choisissez parmi : a, b.',
    );
    // A value that is itself a catalog text is translated too (the skill's label).
    expect(translateMessage('The weather service took too long to answer.', 'es')).toBe(
      'Servicio meteorológico: tardó demasiado en responder.',
    );
    expect(translateMessage('text: Messages can be at most 12 characters long.', 'ja')).toBe(
      'text: メッセージは 12 文字以内にしてください。',
    );
    // A schema's own message (zod's), after its field.
    expect(translateMessage('title: Too big: expected string to have <=64 characters', 'de')).toBe(
      'title: Zu lang: höchstens 64 Zeichen erlaubt',
    );
    expect(translateMessage('Messages can be at most 4000 characters long.', 'en-US')).toBe(
      'Messages can be at most 4000 characters long.',
    );
  });
});

describe('requestLocale', () => {
  it('prefers the user, then Accept-Language by weight, then en-US', () => {
    expect(requestLocale('fr-FR,fr;q=0.9', 'de')).toBe('de');
    expect(requestLocale('ko;q=1, pt;q=0.8, es;q=0.5')).toBe('pt-BR');
    expect(requestLocale('es-MX')).toBe('es');
    expect(requestLocale('ko, zh;q=0.5')).toBe('en-US');
    expect(requestLocale(undefined)).toBe('en-US');
  });
});

describe('languageInstruction', () => {
  it("names the user's language for the model", () => {
    expect(languageInstruction('de')).toBe(
      "The user's language is German (de). Reply in the language the user writes in.",
    );
    expect(languageInstruction(null)).toBeUndefined();
    expect(withLanguage('Be kind.', 'ja')).toBe(
      "Be kind.\n\nThe user's language is Japanese (ja). Reply in the language the user writes in.",
    );
  });
});
