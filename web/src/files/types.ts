/**
 * Files (ARCHITECTURE.md §3 "Files", team contract): what `POST /files` answers and what a user
 * message carries in `attachments`. Kept here until the contract exports them.
 */
export interface UploadedFile {
  id: string;
  url: string;
  mimeType: string;
  size?: number;
  width?: number | null;
  height?: number | null;
}

export interface MessageAttachment {
  id: string;
  url: string;
  mimeType: string;
  width?: number | null;
  height?: number | null;
  purpose?: 'attachment' | 'mask';
}

/** The image types `POST /files` accepts (checked by content on the server, by type here). */
export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** Images one message may carry. */
export const MAX_ATTACHMENTS = 4;

export type FilePurpose = 'attachment' | 'mask';

/** Why a picked file is refused before any upload, or null when it may go. */
export function refuseFile(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.type)) return 'type';
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
