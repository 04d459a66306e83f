import type { Locale, Persona } from '@neura/contract';
import { create } from 'zustand';
import { currentLocale } from '../texts/format';

/**
 * The personas the server offers, loaded once at start-up (GET /personas), each shown in the active
 * language: its `translations` for that locale over the default name, description and greeting
 * (issue #43).
 */
export const usePersonas = create<{ personas: Persona[]; loaded: boolean }>()(() => ({ personas: [], loaded: false }));

let asServed: Persona[] = [];

/** The persona in `locale` (the same object when it has no translation for it). */
export function localizedPersona(persona: Persona, locale: string = currentLocale()): Persona {
  const t = persona.translations?.[locale as Locale];
  if (!t || (!t.name && !t.description && !t.greeting)) return persona;
  return {
    ...persona,
    name: t.name || persona.name,
    description: t.description || persona.description,
    greeting: t.greeting || persona.greeting,
  };
}

export function setPersonas(personas: Persona[]): void {
  asServed = personas;
  usePersonas.setState({ personas: personas.map((p) => localizedPersona(p)), loaded: true });
}

/** After a change of language: the loaded personas again, in the new one. */
export function relocalizePersonas(): void {
  if (usePersonas.getState().loaded) usePersonas.setState({ personas: asServed.map((p) => localizedPersona(p)) });
}
