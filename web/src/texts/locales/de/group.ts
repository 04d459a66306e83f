import type { GroupCatalog } from '../../group';

export const group: GroupCatalog = {
  mentionList: 'Personas zum Ansprechen',
  mentionHint: 'Mit den Pfeiltasten wählen, mit Enter oder Tab übernehmen, mit Escape schließen.',
  mentionCount: (n: number) => (n === 1 ? '1 Persona passt' : `${n} Personas passen`),
  replying: (names: string) => `Antworten: ${names}`,
  yours: 'Deine Personas',
  catalog: 'Alle Personas',
  draftNote: 'Der Chat beginnt mit deiner ersten Nachricht.',
  introNote:
    'Jede Persona antwortet der Reihe nach und sieht, was die anderen gesagt haben. Tippe @, um nur einige anzusprechen.',
};
