import type { Chat, FinishReason, Message, MessageAttachment, MessagePart, TokenUsage } from '@neura/contract';
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
    ...(row.folder_id ? { folderId: row.folder_id } : {}),
    ...(row.temporary ? { temporary: true } : {}),
    ...(row.personas ? { personas: personasOf(row) } : {}),
  };
}

/** The chat's personas in speaking order: a group chat's list, or its one persona. */
export function personasOf(row: Pick<ChatRow, 'persona_id' | 'personas'>): string[] {
  const ids = fromJson<string[] | null>(row.personas, null);
  return ids?.length ? ids : [row.persona_id];
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

/** The provider's token counts of a reply; undefined when none were reported. */
export function usageOf(row: MessageRow): TokenUsage | undefined {
  const usage: TokenUsage = {
    ...(row.input_tokens != null ? { inputTokens: row.input_tokens } : {}),
    ...(row.output_tokens != null ? { outputTokens: row.output_tokens } : {}),
    ...(row.reasoning_tokens != null ? { reasoningTokens: row.reasoning_tokens } : {}),
    ...(row.cached_input_tokens != null ? { cachedInputTokens: row.cached_input_tokens } : {}),
  };
  return Object.keys(usage).length > 0 ? usage : undefined;
}

export interface PresentOptions {
  /** Admin viewers also get the model id and token usage of replies. */
  admin?: boolean;
}

/** A stored message as clients see it (ARCHITECTURE.md §3); `files` signs attachment and result urls. */
export function presentMessage(row: MessageRow, files?: FileUrls, options: PresentOptions = {}): Message {
  const usage = options.admin ? usageOf(row) : undefined;
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
            ...(a.kind === 'document'
              ? { kind: a.kind, name: a.name ?? '', ...(a.pages ? { pages: a.pages } : {}) }
              : {}),
          })),
        }
      : {}),
    createdAt: row.created_at,
    status: row.status,
    cost: row.cost,
    ...(row.reply_to ? { replyTo: row.reply_to } : {}),
    ...(row.superseded ? { superseded: true } : {}),
    ...(row.role === 'assistant' && row.prompt ? { prompt: row.prompt } : {}),
    // A user message is only ever updated by editMessage.
    ...(row.role === 'user' && row.updated_at !== row.created_at ? { editedAt: row.updated_at } : {}),
    ...(row.reasoning ? { reasoning: row.reasoning } : {}),
    ...(row.finish_reason ? { finishReason: row.finish_reason as FinishReason } : {}),
    ...(options.admin && row.model ? { model: row.model } : {}),
    ...(usage ? { usage } : {}),
    ...(row.memory_tokens != null ? { memoryTokens: row.memory_tokens } : {}),
    ...(row.persona_id ? { personaId: row.persona_id } : {}),
    ...(row.document_tokens != null ? { documentTokens: row.document_tokens } : {}),
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
