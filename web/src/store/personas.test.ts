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

describe('the catalog set again (issue #50)', () => {
  it('should leave the state as it is when the same catalog comes again', () => {
    setPersonas([owl]);
    const before = usePersonas.getState().personas;
    setPersonas([{ ...owl }]);
    expect(usePersonas.getState().personas).toBe(before);
  });

  it('should leave the state as it is when the catalog comes again with every language (the page has only its own)', () => {
    setCurrentLocale('de');
    setPersonas([{ ...owl, translations: { de: owl.translations?.de ?? {} } }]);
    const before = usePersonas.getState().personas;
    setPersonas([owl]);
    expect(usePersonas.getState().personas).toBe(before);
    // The full catalog is what a change of language shows next.
    setCurrentLocale('ja');
    relocalizePersonas();
    expect(usePersonas.getState().personas[0]?.name).toBe('フクロウ');
  });

  it('should show a changed catalog, and the same one in a new language', () => {
    setPersonas([owl]);
    setPersonas([{ ...owl, cost: 2 }]);
    expect(usePersonas.getState().personas[0]?.cost).toBe(2);
    setCurrentLocale('de');
    setPersonas([{ ...owl, cost: 2 }]);
    expect(usePersonas.getState().personas[0]?.name).toBe('Eule');
  });

  it('should set the catalog again after the state was changed elsewhere', () => {
    setPersonas([owl]);
    usePersonas.setState({ personas: [], loaded: false });
    setPersonas([owl]);
    expect(usePersonas.getState()).toMatchObject({ personas: [owl], loaded: true });
  });
});
