import {
  CONTINUE_PROMPT,
  continuationJoint,
  type MessagePart,
  type SharedChat,
  type SharedMessage,
  withoutMemory,
} from '@neura/contract';
import { fromJson } from '../db/database.js';
import type { MessageRow } from '../db/schema.js';
import type { StoredAttachment } from '../files/service.js';

/** What a share row keeps: the chat as it was at share time, without any url (urls are made when read). */
export interface StoredSnapshot {
  name: string;
  persona: SharedChat['persona'];
  messages: SharedMessage[];
  /** The files the snapshot shows (generated images, attachments): only these are served through the link. */
  fileIds: string[];
}

/** A reply a reader sees: current, finished (stopped counts: it shows what was written). */
const shownReply = (row: MessageRow) =>
  row.role === 'assistant' && !row.superseded && row.status !== 'streaming' && row.status !== 'failed';

/**
 * The messages a reader sees: the current thread (no older versions, no failed or unfinished
 * replies, and no question left without its answer: one whose replies all failed or are still
 * being written is left out too, issue #41). A reply carried on with Continue reads as one answer: the hidden "continue"
 * turn is left out and its reply joins the cut one.
 */
export function takeSnapshot(
  name: string,
  persona: SharedChat['persona'],
  rows: MessageRow[],
  /** A group chat's persona names (issue #46): each reply shows its speaker. */
  speakers?: ReadonlyMap<string, string>,
): StoredSnapshot {
  const fileIds: string[] = [];
  const messages: SharedMessage[] = [];
  // The questions that got a reply, and those with a reply a reader sees.
  const replied = new Set<string>();
  const answered = new Set<string>();
  let question: string | null = null;
  for (const row of rows) {
    if (row.role === 'user') question = row.id;
    else if (row.role === 'assistant') {
      const to = row.reply_to ?? question ?? '';
      replied.add(to);
      if (shownReply(row)) answered.add(to);
    }
  }
  /** The last reply kept, while it was cut short by the length limit (Continue carries it on). */
  let cut: { row: MessageRow; message: SharedMessage } | null = null;
  let continuing = false;
  for (const row of rows) {
    if (row.role === 'system' || row.superseded || row.status === 'streaming' || row.status === 'failed') continue;
    if (row.role === 'user' && replied.has(row.id) && !answered.has(row.id)) continue;
    if (row.role === 'user' && cut && row.content === CONTINUE_PROMPT) {
      continuing = true;
      continue;
    }
    // Memory notes are private to the chat's owner: a share link never shows them.
    const stored = fromJson<MessagePart[] | null>(row.parts, null);
    // Memory is private; a line saying the owner's documents were left out (no citation) is theirs.
    const parts = stored ? withoutMemory(stored).filter((p) => p.type !== 'sources' || p.items.length > 0) : null;
    if (row.role === 'assistant' && continuing && cut) {
      const into: SharedMessage = cut.message;
      into.content += continuationJoint(into.content, row.content) + row.content;
      if (parts || into.parts)
        into.parts = [
          ...(into.parts ?? [{ type: 'text', text: cut.row.content }]),
          ...(parts ?? [{ type: 'text', text: row.content }]),
        ];
      for (const part of parts ?? []) {
        const output = part.type === 'tool' ? (part.output as Record<string, unknown> | undefined) : undefined;
        if (output && typeof output.fileId === 'string') fileIds.push(output.fileId);
      }
      continuing = false;
      cut = row.finish_reason === 'length' ? { row, message: into } : null;
      continue;
    }
    continuing = false;
    for (const part of parts ?? []) {
      const output = part.type === 'tool' ? (part.output as Record<string, unknown> | undefined) : undefined;
      if (output && typeof output.fileId === 'string') fileIds.push(output.fileId);
    }
    const attachments = fromJson<StoredAttachment[] | null>(row.attachments ?? null, null)?.filter(
      (a) => a.purpose !== 'mask',
    );
    // A document is named, never served through the link (its text stays the owner's; issue #45).
    for (const a of attachments ?? []) if (a.kind !== 'document') fileIds.push(a.id);
    const message: SharedMessage = {
      id: row.id,
      role: row.role,
      content: row.content,
      ...(parts ? { parts } : {}),
      ...(attachments?.length
        ? {
            attachments: attachments.map((a) => ({
              id: a.id,
              url: '',
              mimeType: a.mimeType,
              width: a.width,
              height: a.height,
              ...(a.kind ? { kind: a.kind } : {}),
              ...(a.name ? { name: a.name } : {}),
              ...(a.pages ? { pages: a.pages } : {}),
            })),
          }
        : {}),
      createdAt: row.created_at,
      ...(speakers && row.role === 'assistant' && row.persona_id
        ? { speaker: { id: row.persona_id, name: speakers.get(row.persona_id) ?? row.persona_id } }
        : {}),
    };
    messages.push(message);
    cut = row.role === 'assistant' && row.finish_reason === 'length' ? { row, message } : null;
  }
  return { name, persona, messages, fileIds: [...new Set(fileIds)] };
}

/** The snapshot as the public page reads it: file urls point at the link's own file route. */
export function presentSnapshot(
  id: string,
  sharedAt: string,
  snapshot: StoredSnapshot,
  fileUrl: (fileId: string) => string,
): SharedChat {
  return {
    id,
    name: snapshot.name,
    sharedAt,
    persona: snapshot.persona,
    messages: snapshot.messages.map((m) => ({
      ...m,
      ...(m.parts
        ? {
            parts: m.parts.map((part) => {
              if (part.type !== 'tool' || !part.output || typeof part.output !== 'object') return part;
              const output = part.output as Record<string, unknown>;
              if (typeof output.fileId !== 'string') return part;
              return { ...part, output: { ...output, url: fileUrl(output.fileId) } } as MessagePart;
            }),
          }
        : {}),
      ...(m.attachments
        ? { attachments: m.attachments.map((a) => ({ ...a, url: a.kind === 'document' ? '' : fileUrl(a.id) })) }
        : {}),
    })),
  };
}
