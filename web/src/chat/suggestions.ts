import type { Persona } from '@neura/contract';
import { suggestionTexts } from '../texts/suggestions';

/** The persona's own suggested prompts (up to 4, set in the console), else up to three of ours. */
export function suggestionsFor(persona: Pick<Persona, 'id' | 'includedSkills' | 'suggestedPrompts'>): string[] {
  if (persona.suggestedPrompts?.length) return persona.suggestedPrompts.slice(0, 4);
  const { byPersona, bySkill, generic } = suggestionTexts;
  const listed = byPersona[persona.id];
  if (listed) return [...listed].slice(0, 3);
  const derived = persona.includedSkills.map((s) => bySkill[s]).filter((p): p is string => Boolean(p));
  return [...derived, ...generic].slice(0, 3);
}
