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

/** The catalog last shown (its language and JSON, translations left out) and the list it was shown as. */
let served = '';
let shown: Persona[] | undefined;

export function setPersonas(personas: Persona[]): void {
  asServed = personas;
  // Start-up asks for the catalog the page came with once more (GET /personas): when it shows the
  // same, the state is left as it is, so Explore does not render every card again (issue #50). The
  // page's copy has only its own language's translations, the answer all of them: what is compared
  // is what is shown.
  const next = personas.map((p) => localizedPersona(p));
  const key = currentLocale() + JSON.stringify(next.map(({ translations, ...shownAs }) => shownAs));
  if (key === served && usePersonas.getState().personas === shown) return;
  served = key;
  shown = next;
  usePersonas.setState({ personas: shown, loaded: true });
}

/** After a change of language: the loaded personas again, in the new one. */
export function relocalizePersonas(): void {
  if (usePersonas.getState().loaded) usePersonas.setState({ personas: asServed.map((p) => localizedPersona(p)) });
}
