import type { MessagePart } from '@neura/contract';
import { fromJson } from '../db/database.js';
import type { MessageRow } from '../db/schema.js';
import type { FileService, StoredAttachment } from '../files/service.js';
import type { HistoryImage, HistoryMessage, HistoryStep } from '../llm/context.js';

/** Only the newest few messages with pictures send them as images (the rest keep their id notes). */
const IMAGE_MESSAGES = 3;

type ContextRow = Pick<MessageRow, 'role' | 'content' | 'parts' | 'attachments'>;

const size = (w: number | null, h: number | null) => (w && h ? ` (${w}×${h})` : '');

/**
 * The note listing a message's attachments by id, so the model can name them to the image skills:
 * `image <id> (W×H)`, `mask <maskId> for image <imageId>`.
 */
export function attachmentNote(attachments: readonly StoredAttachment[]): string | undefined {
  if (attachments.length === 0) return undefined;
  const images = attachments.filter((a) => a.purpose !== 'mask' && a.kind !== 'document');
  const items = attachments.map((a) => {
    // A document's text reaches the model through the documents section (documents/grounding.ts).
    if (a.kind === 'document')
      return `document "${(a.name ?? '').replace(/["\]\n]/g, '')}"${a.pages ? ` (${a.pages} pages)` : ''}`;
    if (a.purpose !== 'mask') return `image ${a.id}${size(a.width, a.height)}`;
    const owner = images.find((i) => i.width === a.width && i.height === a.height) ?? images[0];
    return owner ? `mask ${a.id} for image ${owner.id}` : `mask ${a.id}`;
  });
  return `[Attached: ${items.join('; ')}]`;
}

/** The note listing the files a reply's skills made (so "now rotate it" can name the result). */
export function resultNote(parts: readonly MessagePart[]): string | undefined {
  const made: string[] = [];
  for (const part of parts) {
    if (part.type !== 'tool' || part.status !== 'complete' || !part.output) continue;
    const o = part.output as { fileId?: unknown; width?: unknown; height?: unknown; mimeType?: unknown };
    if (typeof o.fileId !== 'string') continue;
    const kind = typeof o.mimeType === 'string' && o.mimeType.startsWith('audio/') ? 'audio' : 'image';
    const dims = typeof o.width === 'number' && typeof o.height === 'number' ? size(o.width, o.height) : '';
    made.push(`${kind} ${o.fileId}${dims} from ${part.skill}`);
  }
  return made.length ? `[Made: ${made.join('; ')}]` : undefined;
}

/** A stored tool call's result as the model reads it later: the file note for files, else the output's JSON. */
function resultText(part: Extract<MessagePart, { type: 'tool' }>): { ok: boolean; result: string } {
  const output = part.output as Record<string, unknown> | undefined;
  if (part.status !== 'complete') {
    const error = typeof output?.error === 'string' ? output.error : 'The call did not finish.';
    return { ok: false, result: error };
  }
  if (output && typeof output.fileId === 'string') return { ok: true, result: resultNote([part]) ?? '' };
  return { ok: true, result: output === undefined ? '' : JSON.stringify(output) };
}

/** A reply's stored parts as steps (text, then the calls after it); undefined without tool calls. */
export function stepsOf(parts: readonly MessagePart[]): HistoryStep[] | undefined {
  if (!parts.some((p) => p.type === 'tool')) return undefined;
  const steps: HistoryStep[] = [];
  let current: HistoryStep = { text: '', calls: [] };
  for (const part of parts) {
    if (part.type === 'text') {
      if (current.calls.length > 0) {
        steps.push(current);
        current = { text: '', calls: [] };
      }
      current.text += part.text;
    } else if (part.type === 'tool') {
      current.calls.push({
        id: part.id,
        name: part.skill,
        input: (part.input ?? {}) as Record<string, unknown>,
        ...resultText(part),
      });
    }
  }
  steps.push(current);
  return steps;
}

/**
 * History rows (oldest first) as the model's history: id notes on messages with files, and the
 * pictures of the newest few user messages as image parts (masks never; bytes read from the file
 * store for this request only).
 */
export async function historyForModel(
  rows: readonly ContextRow[],
  userId: string,
  files: Pick<FileService, 'readOwned'> | undefined,
): Promise<HistoryMessage[]> {
  const history: HistoryMessage[] = rows.map((row) => {
    const attachments = fromJson<StoredAttachment[]>(row.attachments ?? null, []);
    const parts = fromJson<MessagePart[]>(row.parts, []);
    const note = row.role === 'user' ? attachmentNote(attachments) : resultNote(parts);
    const steps = row.role === 'assistant' ? stepsOf(parts) : undefined;
    return { role: row.role, content: row.content, ...(note ? { note } : {}), ...(steps ? { steps } : {}) };
  });
  if (!files) return history;
  let left = IMAGE_MESSAGES;
  for (let i = rows.length - 1; i >= 0 && left > 0; i--) {
    const row = rows[i];
    const message = history[i];
    if (!row || !message || row.role !== 'user' || !row.attachments) continue;
    const pictures = fromJson<StoredAttachment[]>(row.attachments, []).filter(
      (a) => a.purpose !== 'mask' && a.kind !== 'document',
    );
    if (pictures.length === 0) continue;
    left--;
    const images: HistoryImage[] = [];
    for (const picture of pictures) {
      // A file deleted since (its chat or account went) is simply not shown.
      const loaded = await files.readOwned(userId, picture.id).catch(() => undefined);
      if (loaded) images.push({ data: new Uint8Array(loaded.bytes), mediaType: loaded.row.mime_type });
    }
    if (images.length) message.images = images;
  }
  return history;
}
