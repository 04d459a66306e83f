import type { DocumentsTable } from '../db/schema/documents.js';
import { AppError } from '../errors.js';
import { documentTexts } from './texts.js';

export type DocumentKind = DocumentsTable['kind'];

/** A document type: how it is read and the type its bytes are stored (and served) as. */
export interface DocumentType {
  kind: DocumentKind;
  mimeType: string;
}

const TYPES: Record<string, DocumentType> = {
  pdf: { kind: 'pdf', mimeType: 'application/pdf' },
  docx: { kind: 'docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  txt: { kind: 'text', mimeType: 'text/plain' },
  md: { kind: 'markdown', mimeType: 'text/markdown' },
  markdown: { kind: 'markdown', mimeType: 'text/markdown' },
  csv: { kind: 'csv', mimeType: 'text/csv' },
  json: { kind: 'json', mimeType: 'application/json' },
  html: { kind: 'html', mimeType: 'text/html' },
  htm: { kind: 'html', mimeType: 'text/html' },
};

const startsWith = (bytes: Buffer, magic: number[]) => magic.every((b, i) => bytes[i] === b);
const isPdf = (bytes: Buffer) => bytes.subarray(0, 1024).includes('%PDF-');
const isZip = (bytes: Buffer) => startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]);
/** Pictures and other binary formats a text file never starts with. */
const isBinary = (bytes: Buffer) =>
  startsWith(bytes, [0x89, 0x50, 0x4e, 0x47]) ||
  startsWith(bytes, [0xff, 0xd8, 0xff]) ||
  startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) ||
  (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && bytes.subarray(8, 12).toString('latin1') === 'WEBP') ||
  isPdf(bytes) ||
  isZip(bytes) ||
  bytes.subarray(0, 8192).includes(0);

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/**
 * The document type of an upload, by its name checked against its content: a name that says
 * document over content that is not (an image named .pdf) fails (`file:invalid`); a PDF or a Word
 * file without such a name is still one; anything else is not a document (undefined: a picture, maybe).
 */
export function detectDocument(bytes: Buffer, name: string | undefined): DocumentType | undefined {
  const named = TYPES[extensionOf(name ?? '')];
  if (named) {
    const fits =
      named.kind === 'pdf'
        ? isPdf(bytes)
        : named.kind === 'docx'
          ? isZip(bytes) && bytes.includes('word/')
          : !isBinary(bytes);
    if (!fits) throw new AppError('file:invalid', documentTexts.disguised);
    return named;
  }
  if (isPdf(bytes)) return TYPES.pdf;
  if (isZip(bytes) && bytes.includes('word/document.xml')) return TYPES.docx;
  return undefined;
}

/** A name safe to show and store: no path, no control characters, at most 200 characters. */
export function cleanName(name: string | undefined, type: DocumentType): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c !== '\u007f' && c !== '<' && c !== '>')
    .join('')
    .trim()
    .slice(0, 200);
  return clean || `document.${type.kind === 'text' ? 'txt' : type.kind === 'markdown' ? 'md' : type.kind}`;
}
