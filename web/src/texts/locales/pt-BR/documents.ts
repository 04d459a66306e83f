import type { DocumentCatalog } from '../../documents';
import { plural } from '../../plural';

export const documents: DocumentCatalog = {
  chip: {
    progress: (done: number, total: number) => `Lendo… ${done} de ${total} páginas`,
  },
  receipt: 'Documentos',
  leftOut: (n: number) =>
    `Seus documentos ficaram de fora desta resposta: usá-los custa ${plural('pt-BR', n, { one: '# crédito', other: '# créditos' })}, mais do que seu saldo.`,
  knowledge: {
    label: 'Conhecimento',
    hint: 'Documentos com base nos quais esta persona responde (PDF, Word, texto). Quem conversa com ela vê só os trechos citados, nunca os arquivos.',
    add: 'Adicionar arquivos',
    remove: (name: string) => `Remover “${name}”`,
    empty: 'Nenhum arquivo ainda.',
    uploading: 'Enviando…',
    limit: (n: number) => `Até ${n} arquivos.`,
    notDocument: (name: string) => `“${name}” não é um documento (PDF, Word, texto, Markdown, CSV, JSON ou HTML).`,
  },
};
