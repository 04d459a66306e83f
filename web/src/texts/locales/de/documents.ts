import type { DocumentCatalog } from '../../documents';
import { plural } from '../../plural';

export const documents: DocumentCatalog = {
  chip: {
    progress: (done: number, total: number) => `Wird gelesen … ${done} von ${total} Seiten`,
  },
  receipt: 'Dokumente',
  leftOut: (n: number) =>
    `Deine Dokumente wurden für diese Antwort nicht verwendet: Sie kosten ${plural('de', n, { one: '# Credit', other: '# Credits' })}, mehr als dein Guthaben.`,
  knowledge: {
    label: 'Wissen',
    hint: 'Dokumente, aus denen diese Persona antwortet (PDF, Word, Text). Wer mit ihr chattet, sieht nur die zitierten Stellen, nie die Dateien.',
    add: 'Dateien hinzufügen',
    remove: (name: string) => `„${name}“ entfernen`,
    empty: 'Noch keine Dateien.',
    uploading: 'Wird hochgeladen …',
    limit: (n: number) => `Bis zu ${n} Dateien.`,
    notDocument: (name: string) => `„${name}“ ist kein Dokument (PDF, Word, Text, Markdown, CSV, JSON oder HTML).`,
  },
};
