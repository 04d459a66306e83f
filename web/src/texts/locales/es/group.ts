import type { GroupCatalog } from '../../group';

export const group: GroupCatalog = {
  mentionList: 'Personas a las que dirigirte',
  mentionHint: 'Usa las flechas para elegir, Intro o Tab para seleccionar y Escape para cerrar.',
  mentionCount: (n: number) => (n === 1 ? 'Coincide 1 persona' : `Coinciden ${n} personas`),
  replying: (names: string) => `Responden: ${names}`,
  yours: 'Tus personas',
  catalog: 'Todas las personas',
  draftNote: 'El chat empieza con tu primer mensaje.',
  introNote: 'Cada persona responde por turnos y ve lo que dijeron las demás. Escribe @ para dirigirte solo a algunas.',
};
