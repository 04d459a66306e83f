import type { DocumentCatalog } from '../../documents';
import { plural } from '../../plural';

export const documents: DocumentCatalog = {
  chip: {
    progress: (done: number, total: number) => `Lecture… ${done} pages sur ${total}`,
  },
  receipt: 'Documents',
  leftOut: (n: number) =>
    `Vos documents n’ont pas été utilisés pour cette réponse : les utiliser coûte ${plural('fr', n, { one: '# crédit', other: '# crédits' })}, plus que votre solde.`,
  knowledge: {
    label: 'Connaissances',
    hint: 'Les documents dont ce personnage se sert pour répondre (PDF, Word, texte). Ceux qui discutent avec lui ne voient que les passages cités, jamais les fichiers.',
    add: 'Ajouter des fichiers',
    remove: (name: string) => `Retirer « ${name} »`,
    empty: 'Aucun fichier pour l’instant.',
    uploading: 'Envoi…',
    limit: (n: number) => `Jusqu’à ${n} fichiers.`,
    notDocument: (name: string) => `« ${name} » n’est pas un document (PDF, Word, texte, Markdown, CSV, JSON ou HTML).`,
  },
};
