import type { MemoryCatalog } from '../../catalog';
import { plural } from '../../plural';

const L = 'es';
const num = (n: number) => new Intl.NumberFormat(L).format(n);

export const memory: MemoryCatalog = {
  title: 'Memoria',
  settingsRow: 'Memoria',
  intro:
    'Los personajes pueden recordar cosas sobre ti entre chats. Solo tú puedes ver tu memoria; puedes cambiarla o borrarla cuando quieras.',
  enabled: 'Usar la memoria',
  enabledHint: 'Si está desactivada, los personajes no leen ni guardan recuerdos.',
  aboutHeading: 'Sobre mí',
  aboutLabel: 'Lo que todos los personajes deberían saber de ti',
  aboutPlaceholder: 'p. ej., Soy Sam, enfermera en Oporto. Me gustan las respuestas cortas.',
  aboutCount: (n: number, max: number) => `${num(n)} / ${num(max)}`,
  saveAbout: 'Guardar «Sobre mí»',
  savingAbout: 'Guardando…',
  aboutSaved: '«Sobre mí» guardado.',
  itemsHeading: 'Recordado',
  empty: 'Todavía no hay nada recordado. Dile a un personaje «recuerda que…» o añade algo aquí.',
  addLabel: 'Añadir un recuerdo',
  addPlaceholder: 'p. ej., Soy vegetariano.',
  add: 'Añadir',
  scopeLabel: 'Se aplica a',
  scopes: { user: 'Todos los personajes', persona: 'Un personaje', chat: 'Un chat' },
  scopeOf: (scope, name?: string) =>
    scope === 'user' ? 'Todos los personajes' : scope === 'persona' ? (name ?? 'Un personaje') : 'Solo este chat',
  sourceUser: 'Añadido por ti',
  sourceModel: 'Guardado por el modelo',
  pinned: 'Fijado',
  pin: 'Fijar',
  unpin: 'Desfijar',
  edit: 'Editar',
  editLabel: (text: string) => `Editar «${text}»`,
  save: 'Guardar',
  cancel: 'Cancelar',
  delete: 'Eliminar',
  deleteLabel: (text: string) => `Eliminar «${text}»`,
  pinLabel: (text: string) => `Fijar «${text}»`,
  unpinLabel: (text: string) => `Desfijar «${text}»`,
  deleted: 'Recuerdo eliminado.',
  forgetAll: 'Olvidarlo todo',
  forgetAllTitle: '¿Olvidarlo todo?',
  forgetAllBody:
    'Todos los recuerdos se eliminan para siempre. «Sobre mí» y el interruptor se quedan como están.',
  forgetAllConfirm: 'Olvidarlo todo',
  forgotAll: 'Se ha olvidado todo.',
  loading: 'Cargando la memoria',
  loadFailed: 'No se ha podido cargar la memoria.',
  retry: 'Reintentar',
  note: {
    updated: 'Memoria actualizada',
    remembered: (text: string) => `Recordado: ${text}`,
    forgot: (text: string) => `Olvidado: ${text}`,
    undo: 'Deshacer',
    undone: 'Deshecho',
    manage: 'Gestionar la memoria',
  },
  receiptMemory: 'Memoria',
  tokens: (n: number) => plural(L, n, { one: '# token', other: '# tokens' }),
};
