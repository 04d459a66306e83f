import type { GroupCatalog } from '../../group';

export const group: GroupCatalog = {
  mentionList: 'Personas zum Ansprechen',
  mentionHint: 'Mit den Pfeiltasten wählen, mit Enter oder Tab übernehmen, mit Escape schließen.',
  mentionCount: (n: number) => (n === 1 ? '1 Persona passt' : `${n} Personas passen`),
  replying: (names: string) => `Antworten: ${names}`,
  yours: 'Deine Personas',
  catalog: 'Alle Personas',
  draftNote: 'Der Chat beginnt mit deiner ersten Nachricht.',
};
