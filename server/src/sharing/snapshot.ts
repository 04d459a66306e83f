import type { MessagePart, SharedChat, SharedMessage } from '@neura/contract';
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

/** The messages a reader sees: the current thread (no older versions, no failed or unfinished replies). */
export function takeSnapshot(name: string, persona: SharedChat['persona'], rows: MessageRow[]): StoredSnapshot {
  const fileIds: string[] = [];
  const messages: SharedMessage[] = [];
  for (const row of rows) {
    if (row.role === 'system' || row.superseded || row.status === 'streaming' || row.status === 'failed') continue;
    const parts = fromJson<MessagePart[] | null>(row.parts, null);
    for (const part of parts ?? []) {
      const output = part.type === 'tool' ? (part.output as Record<string, unknown> | undefined) : undefined;
      if (output && typeof output.fileId === 'string') fileIds.push(output.fileId);
    }
    const attachments = fromJson<StoredAttachment[] | null>(row.attachments ?? null, null)?.filter(
      (a) => a.purpose !== 'mask',
    );
    for (const a of attachments ?? []) fileIds.push(a.id);
    messages.push({
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
            })),
          }
        : {}),
      createdAt: row.created_at,
    });
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
      ...(m.attachments ? { attachments: m.attachments.map((a) => ({ ...a, url: fileUrl(a.id) })) } : {}),
    })),
  };
}
