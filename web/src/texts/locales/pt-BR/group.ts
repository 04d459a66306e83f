import type { GroupCatalog } from '../../group';

export const group: GroupCatalog = {
  mentionList: 'Personas para chamar',
  mentionHint: 'Use as setas para escolher, Enter ou Tab para selecionar e Esc para fechar.',
  mentionCount: (n: number) => (n === 1 ? '1 persona corresponde' : `${n} personas correspondem`),
  replying: (names: string) => `Respondem: ${names}`,
  yours: 'Suas personas',
  catalog: 'Todas as personas',
  draftNote: 'O chat começa com sua primeira mensagem.',
  introNote: 'Cada persona responde na sua vez e vê o que as outras disseram. Digite @ para falar só com algumas.',
};
