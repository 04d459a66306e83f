import {
  MAX_ATTACHMENTS,
  MAX_UPLOAD_BYTES,
  type MessageAttachment,
  UPLOAD_DOCUMENT_EXTENSIONS,
  UPLOAD_IMAGE_TYPES,
} from '@neura/contract';

export type { FilePurpose, MessageAttachment, UploadedFile } from '@neura/contract';

/** The image types `POST /files` accepts (checked by content on the server, by type here). */
export const ATTACHMENT_TYPES = UPLOAD_IMAGE_TYPES;
export const MAX_FILE_BYTES = MAX_UPLOAD_BYTES;
/** Files one message may carry. */
export { MAX_ATTACHMENTS };

/** A document by its name (PDF, Word, text, Markdown, CSV, JSON, HTML; the server checks the content). */
export function isDocumentName(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return dot >= 0 && (UPLOAD_DOCUMENT_EXTENSIONS as readonly string[]).includes(name.slice(dot + 1).toLowerCase());
}

/** What the file picker offers: the picture types and the document extensions. */
export const ATTACH_ACCEPT = [...ATTACHMENT_TYPES, ...UPLOAD_DOCUMENT_EXTENSIONS.map((e) => `.${e}`)].join(',');

/** Why a picked file is refused before any upload, or null when it may go. */
export function refuseFile(file: { type: string; size: number; name?: string }): 'type' | 'size' | null {
  if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.type) && !isDocumentName(file.name ?? '')) return 'type';
  if (file.size > MAX_FILE_BYTES) return 'size';
  return null;
}

/** A message's attachments, read tolerantly (older messages have none); a canvas mask is not shown. */
export function attachmentsOf(message: unknown): MessageAttachment[] {
  const list = (message as { attachments?: unknown }).attachments;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (a): a is MessageAttachment =>
      a !== null &&
      typeof a === 'object' &&
      typeof a.id === 'string' &&
      typeof a.url === 'string' &&
      a.purpose !== 'mask',
  );
}

/** The pictures among a message's attachments (documents are shown as chips). */
export const picturesOf = (list: MessageAttachment[]) => list.filter((a) => a.kind !== 'document');
export const documentsOf = (list: MessageAttachment[]) => list.filter((a) => a.kind === 'document');
