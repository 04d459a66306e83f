import type { Persona } from '@neura/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { setCurrentLocale } from '../texts/format';
import { localizedPersona, relocalizePersonas, setPersonas, usePersonas } from './personas';

const owl: Persona = {
  id: 'owl',
  icon: 'spark',
  name: 'Owl',
  description: 'A wise owl.',
  cost: 1,
  tags: [],
  published: true,
  requiresPro: false,
  includedSkills: [],
  greeting: 'Hoot!',
  translations: { de: { name: 'Eule', greeting: 'Huhu!' }, ja: { name: 'フクロウ' } },
};

afterEach(() => setCurrentLocale('en-US'));

describe('personas in the active language (issue #43)', () => {
  it('takes the translated texts and falls back to the default ones', () => {
    expect(localizedPersona(owl, 'de')).toMatchObject({ name: 'Eule', description: 'A wise owl.', greeting: 'Huhu!' });
    expect(localizedPersona(owl, 'ja')).toMatchObject({ name: 'フクロウ', greeting: 'Hoot!' });
    expect(localizedPersona(owl, 'fr')).toBe(owl);
    expect(localizedPersona(owl, 'en-US')).toBe(owl);
  });

  it('shows the loaded personas again in a new language', () => {
    setCurrentLocale('de');
    setPersonas([owl]);
    expect(usePersonas.getState().personas[0]?.name).toBe('Eule');
    setCurrentLocale('en-US');
    relocalizePersonas();
    expect(usePersonas.getState().personas[0]?.name).toBe('Owl');
  });
});
