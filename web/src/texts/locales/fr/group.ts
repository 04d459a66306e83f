import type { GroupCatalog } from '../../group';

export const group: GroupCatalog = {
  mentionList: 'Personas à interpeller',
  mentionHint: 'Choisissez avec les flèches, validez avec Entrée ou Tab, fermez avec Échap.',
  mentionCount: (n: number) => (n === 1 ? '1 persona correspond' : `${n} personas correspondent`),
  replying: (names: string) => `Répondent : ${names}`,
  yours: 'Vos personas',
  catalog: 'Toutes les personas',
  draftNote: 'Le chat commence avec votre premier message.',
  introNote:
    'Chaque persona répond à son tour et voit ce que les autres ont dit. Tapez @ pour vous adresser à certaines seulement.',
};
