import type { Chat, Message, MessageAttachment, MessagePart } from '@neura/contract';
import { fromJson, toBool } from '../db/database.js';
import type { ChatRow, MessageRow } from '../db/schema.js';

export function presentChat(row: ChatRow): Chat {
  return {
    id: row.id,
    name: row.name,
    persona: row.persona_id,
    lastMessageAt: row.last_message_at,
    preview: row.preview,
    isPinned: toBool(row.is_pinned),
    isArchived: toBool(row.is_archived),
  };
}

/** Signs file urls (the files feature); urls are signed when shown, so they never go stale. */
export interface FileUrls {
  url(fileId: string): string;
}

type StoredAttachment = Omit<MessageAttachment, 'url'>;

/** A tool output naming a file (image and music skills) gets a fresh signed url. */
function withFreshUrls(parts: MessagePart[], files: FileUrls): MessagePart[] {
  return parts.map((part) => {
    if (part.type !== 'tool' || !part.output || typeof part.output !== 'object') return part;
    const output = part.output as Record<string, unknown>;
    if (typeof output.fileId !== 'string') return part;
    return { ...part, output: { ...output, url: files.url(output.fileId) } } as MessagePart;
  });
}

/** A stored message as clients see it (ARCHITECTURE.md §3); `files` signs attachment and result urls. */
export function presentMessage(row: MessageRow, files?: FileUrls): Message {
  const stored = fromJson<MessagePart[] | null>(row.parts, null);
  const parts = stored && files ? withFreshUrls(stored, files) : stored;
  const attachments = fromJson<StoredAttachment[] | null>(row.attachments ?? null, null);
  return {
    id: row.id,
    chatId: row.chat_id,
    role: row.role,
    content: row.content,
    ...(parts ? { parts } : {}),
    ...(attachments?.length && files
      ? {
          attachments: attachments.map((a) => ({
            id: a.id,
            url: files.url(a.id),
            mimeType: a.mimeType,
            width: a.width,
            height: a.height,
            ...(a.purpose === 'mask' ? { purpose: a.purpose } : {}),
          })),
        }
      : {}),
    createdAt: row.created_at,
    status: row.status,
    cost: row.cost,
  };
}

/** The longest list preview, in characters. */
export const PREVIEW_MAX = 140;

/** One line of at most PREVIEW_MAX characters; null when there is no text. */
export function previewOf(text: string): string | null {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line === '') return null;
  return line.length <= PREVIEW_MAX ? line : `${line.slice(0, PREVIEW_MAX - 1).trimEnd()}…`;
}
