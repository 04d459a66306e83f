/** The texts of documents and persona knowledge (issue #45); registered as a part by chat/documents-ready.ts. */
export const documentTexts = {
  chip: {
    progress: (done: number, total: number) => `Reading… ${done} of ${total} pages`,
  },
  /** The receipt's line of a reply grounded on documents (their passages' tokens). */
  receipt: 'Documents',
  /** Under a reply the documents were left out of: their price was more than the balance. */
  leftOut: (n: number) =>
    `Your documents were left out of this reply: using them costs ${n} ${n === 1 ? 'credit' : 'credits'}, more than your balance.`,
  knowledge: {
    label: 'Knowledge',
    hint: 'Documents this persona answers from (PDF, Word, text). People who chat with it see only the passages it quotes, never the files.',
    add: 'Add files',
    remove: (name: string) => `Remove “${name}”`,
    empty: 'No files yet.',
    uploading: 'Uploading…',
    limit: (n: number) => `Up to ${n} files.`,
    notDocument: (name: string) => `“${name}” is not a document (PDF, Word, text, Markdown, CSV, JSON or HTML).`,
  },
} as const;

type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => R extends string ? string : R
    : { readonly [K in keyof T]: Widen<T[K]> };

export type DocumentCatalog = Widen<typeof documentTexts>;
