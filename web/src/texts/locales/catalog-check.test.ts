import { LOCALES } from '@neura/contract';
import { describe, expect, it } from 'vitest';
import { adminTexts } from '../admin';
import { appTexts, billingTexts, mediaTexts, messageActionTexts, replyTexts, skillTexts } from '../app-texts';
import { creatorTexts } from '../creator';
import { documentTexts } from '../documents';
import { groupTexts } from '../group';
import { ioTexts } from '../io';
import { memoryTexts } from '../memory';
import { notificationTexts } from '../notifications';
import { oidcTexts } from '../oidc';
import { organiseTexts } from '../organise';
import { securityTexts } from '../security';
import { suggestionTexts } from '../suggestions';
import { platformTexts, texts } from '../texts';

/**
 * Every locale's catalog against en-US (issue #43): exactly the same keys, deep, functions with the
 * same number of parameters, and translated (a catalog whose texts are mostly the en-US ones is
 * not). A stand-in file (`export const placeholder = true`, until its translation lands) must be
 * flagged by that check; a real catalog must pass it.
 */
const modules = import.meta.glob<Record<string, unknown>>('./*/*.ts', { eager: true });

const english = {
  main: {
    texts: { ...texts, ...appTexts },
    billingTexts,
    skillTexts,
    platformTexts,
    messageActionTexts,
    replyTexts,
    mediaTexts,
  },
  admin: adminTexts,
  creator: creatorTexts,
  memory: memoryTexts,
  security: securityTexts,
  io: ioTexts,
  suggestions: suggestionTexts,
  oidc: oidcTexts,
  organise: organiseTexts,
  notifications: notificationTexts,
  group: groupTexts,
  documents: documentTexts,
} as const;
const PARTS = Object.keys(english) as Array<keyof typeof english>;

/** `path → kind` of every leaf: "string", "fn/<arity>", "array". */
function shape(value: unknown, path = ''): Record<string, string> {
  if (typeof value === 'string') return { [path]: 'string' };
  if (typeof value === 'function') return { [path]: `fn/${value.length}` };
  if (Array.isArray(value)) return { [path]: 'array' };
  if (typeof value === 'object' && value !== null) {
    return Object.assign({}, ...Object.entries(value).map(([k, v]) => shape(v, path ? `${path}.${k}` : k)));
  }
  return { [path]: typeof value };
}

/** Pairs of (en-US, locale) strings at the same paths; functions are called with sample arguments. */
function pairs(en: unknown, other: unknown): Array<[string, string]> {
  if (typeof en === 'string' && typeof other === 'string') return [[en, other]];
  if (typeof en === 'function' && typeof other === 'function') {
    const args = Array.from({ length: en.length }, () => 3);
    const [a, b] = [safeCall(en as never, args), safeCall(other as never, args)];
    return typeof a === 'string' && typeof b === 'string' ? [[a, b]] : [];
  }
  if (typeof en === 'object' && en !== null && typeof other === 'object' && other !== null) {
    return Object.keys(en).flatMap((k) => pairs((en as never)[k], (other as never)[k]));
  }
  return [];
}

function safeCall(fn: (...a: unknown[]) => unknown, args: unknown[]): unknown {
  try {
    return fn(...args);
  } catch {
    return undefined;
  }
}

/** The share of texts that are the en-US ones (texts without letters, like "·" or "{n}", left out). */
function untranslatedShare(en: unknown, other: unknown): number {
  const worded = pairs(en, other).filter(([a]) => /\p{L}{3,}/u.test(a));
  if (worded.length === 0) return 0;
  return worded.filter(([a, b]) => a === b).length / worded.length;
}

/** Most texts may stay as in English only by exception (names like "Neura", "Pro"). */
const MAX_UNTRANSLATED = 0.2;

describe('locale catalogs', () => {
  for (const locale of LOCALES.filter((l) => l !== 'en-US')) {
    for (const part of PARTS) {
      const mod = modules[`./${locale}/${part}.ts`];
      it(`${locale}/${part} exists and has exactly the en-US keys, functions of the same arity`, () => {
        expect(mod, `web/src/texts/locales/${locale}/${part}.ts is missing`).toBeDefined();
        expect(shape(mod?.[part])).toEqual(shape(english[part]));
      });
      it(`${locale}/${part} is translated${mod?.placeholder ? ' (a stand-in: must be flagged)' : ''}`, () => {
        const share = untranslatedShare(english[part], mod?.[part]);
        if (mod?.placeholder) expect(share).toBeGreaterThan(MAX_UNTRANSLATED);
        else expect(share).toBeLessThanOrEqual(MAX_UNTRANSLATED);
      });
    }
  }
  it('no other locale folder or file is there', () => {
    const expected = LOCALES.filter((l) => l !== 'en-US').flatMap((l) => PARTS.map((p) => `./${l}/${p}.ts`));
    expect(
      Object.keys(modules)
        .filter((k) => !k.endsWith('.test.ts'))
        .sort(),
    ).toEqual(expected.sort());
  });
});

describe('the catalog check itself', () => {
  it('sees a missing key, an extra key and a changed arity', () => {
    const en = { a: 'One', b: { c: (n: number) => `${n} things` } };
    expect(shape({ a: 'Eins' })).not.toEqual(shape(en));
    expect(shape({ ...en, z: 'extra' })).not.toEqual(shape(en));
    expect(shape({ a: 'Eins', b: { c: () => 'Dinge' } })).not.toEqual(shape(en));
    expect(shape({ a: 'Eins', b: { c: (n: number) => `${n} Dinge` } })).toEqual(shape(en));
  });
  it('flags a copy of en-US as untranslated and a translation as translated', () => {
    expect(untranslatedShare(english.main, english.main)).toBe(1);
    const en = { a: 'Hello there', b: (n: number) => `${n} messages`, c: 'Neura' };
    expect(untranslatedShare(en, { a: 'Hallo', b: (n: number) => `${n} Nachrichten`, c: 'Neura' })).toBeCloseTo(1 / 3);
  });
});
