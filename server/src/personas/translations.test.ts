import { describe, expect, it } from 'vitest';
import { translationsColumn, translationsOf } from './translations.js';

/** The catalog's built-in translations, as seed-translations.ts gives them. */
const seeds = {
  'the-bard': { de: { name: 'Der Barde', greeting: 'Sei gegrüßt!' }, ja: { name: '吟遊詩人' } },
};

describe('persona translations', () => {
  it('gives a built-in persona its seed translations, a stored one winning field by field', () => {
    const row = { id: 'the-bard', owner_id: null, translations: JSON.stringify({ de: { name: 'Barde' } }) };
    expect(translationsOf(row, seeds)).toEqual({
      de: { name: 'Barde', greeting: 'Sei gegrüßt!' },
      ja: { name: '吟遊詩人' },
    });
  });

  it("never gives a user's persona the catalog's translations, and drops unknown locales and empty texts", () => {
    expect(translationsOf({ id: 'the-bard', owner_id: 'u1', translations: null }, seeds)).toBeUndefined();
    const stored = JSON.stringify({ xx: { name: 'X' }, fr: { name: '', description: 'Un barde.' } });
    expect(translationsOf({ id: 'p', owner_id: 'u1', translations: stored })).toEqual({
      fr: { description: 'Un barde.' },
    });
  });

  it('stores nothing for no translations', () => {
    expect(translationsColumn(undefined)).toBeNull();
    expect(translationsColumn({})).toBeNull();
    expect(translationsColumn({ de: { name: 'Eule' } })).toBe('{"de":{"name":"Eule"}}');
  });
});
