import type { DocumentCatalog } from '../../documents';
import { plural } from '../../plural';

export const documents: DocumentCatalog = {
  chip: {
    progress: (done: number, total: number) => `Leyendo… ${done} de ${total} páginas`,
  },
  receipt: 'Documentos',
  leftOut: (n: number) =>
    `Tus documentos no se usaron en esta respuesta: usarlos cuesta ${plural('es', n, { one: '# crédito', other: '# créditos' })}, más que tu saldo.`,
  knowledge: {
    label: 'Conocimiento',
    hint: 'Documentos con los que responde este personaje (PDF, Word, texto). Quienes chatean con él solo ven los pasajes que cita, nunca los archivos.',
    add: 'Añadir archivos',
    remove: (name: string) => `Quitar «${name}»`,
    empty: 'Todavía no hay archivos.',
    uploading: 'Subiendo…',
    limit: (n: number) => `Hasta ${n} archivos.`,
    notDocument: (name: string) => `«${name}» no es un documento (PDF, Word, texto, Markdown, CSV, JSON o HTML).`,
  },
};
