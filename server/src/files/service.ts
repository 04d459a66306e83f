import crypto from 'node:crypto';
import type { FilePurpose, MessageAttachment, UploadedFile } from '@neura/contract';
import type { Executor } from '../db/database.js';
import type { FileRow } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { newId } from '../lib/ids.js';
import type { AttemptLimiter } from '../lib/limits/limiter.js';
import { nowIso } from '../lib/time.js';
import { type ImageBytes, ImageReadError, normaliseUpload } from './images.js';
import type { FileRepository } from './repository.js';
import type { FileUrlSigner } from './signing.js';
import { type FileStore, openStored, type StoredStream } from './storage.js';
import { fileTexts as texts } from './texts.js';

export const FILE_NOT_FOUND = 'That file was not found.';

/** What a user message keeps of each attachment (no bytes, no url: urls are signed when shown). */
export interface StoredAttachment {
  id: string;
  mimeType: string;
  width: number | null;
  height: number | null;
  purpose: FilePurpose;
  /** A document (issue #45, documents/): its name and pages, shown as a chip. */
  kind?: 'document';
  name?: string;
  pages?: number;
}

/** A file's bytes with what is known about them. */
export type LoadedFile = { row: FileRow; bytes: Buffer };

/**
 * Files: uploads (checked by content, orientation applied, metadata stripped), skill results,
 * owner-only reads (404 for anyone else), signed urls, and removal with their chat or account.
 */
export class FileService {
  constructor(
    private readonly files: FileRepository,
    private readonly store: FileStore,
    private readonly signer: FileUrlSigner,
    private readonly limiter: Pick<AttemptLimiter, 'reserve'>,
    private readonly uploadsPerHour: number,
    /** Bytes a user's files may take in all (uploads and skill results). */
    private readonly quotaBytes = Number.POSITIVE_INFINITY,
    /** How long an upload never sent with a message is kept (then swept, N13). */
    private readonly unsentTtlMs = 24 * 3600_000,
  ) {}

  url(id: string): string {
    return this.signer.url(id);
  }

  /** POST /files: nothing is stored unless the image was read and re-encoded whole. */
  async upload(userId: string, bytes: Buffer, purpose: FilePurpose): Promise<UploadedFile> {
    await this.reserveUpload(userId);
    let image: ImageBytes;
    try {
      image = await normaliseUpload(bytes);
    } catch (error) {
      if (!(error instanceof ImageReadError)) throw error;
      if (error.reason === 'too-many-pixels') throw new AppError('file:too-large', texts.tooManyPixels);
      throw new AppError('file:invalid', error.reason === 'unsupported' ? texts.unsupported : texts.corrupt);
    }
    if (purpose === 'mask' && image.mimeType !== 'image/png') throw new AppError('file:invalid', texts.maskNotPng);
    const row = await this.save(userId, null, purpose, image);
    return this.present(row);
  }

  /** The hourly upload limit, taken before a document is read (documents/). */
  async reserveUpload(userId: string): Promise<void> {
    await this.limiter.reserve({ scope: 'files-upload:user', max: this.uploadsPerHour, windowMs: 3600_000 }, userId);
  }

  /** Stores an uploaded document's bytes as the user's file (quota checked; no chat yet). */
  saveDocument(userId: string, bytes: Buffer, mimeType: string): Promise<FileRow> {
    return this.save(userId, null, 'attachment', { bytes, mimeType });
  }

  /** A stored document refused after all (documents/: the per-user count): row, then bytes. */
  async discard(row: Pick<FileRow, 'id' | 'storage_key'>): Promise<void> {
    await this.files.deleteIds([row.id]);
    await this.store.delete(row.storage_key).catch(() => undefined);
  }

  /** A persona's knowledge files (documents/): never swept as unsent uploads. */
  keepAsKnowledge(userId: string, ids: readonly string[]): Promise<void> {
    return this.files.setPurpose(userId, ids, 'knowledge');
  }

  /** A purged persona's knowledge files (no chat, no other persona's knowledge): rows, then bytes. */
  async deleteKnowledge(userId: string, ids: readonly string[]): Promise<void> {
    const rows = await this.files.deleteKnowledge(userId, ids);
    await Promise.all(rows.map((r) => this.store.delete(r.storage_key).catch(() => undefined)));
  }

  /** Stores a skill's result (an image or a track) in the chat it was made in. */
  async saveResult(
    userId: string,
    chatId: string | null,
    file: { bytes: Buffer; mimeType: string; width?: number; height?: number },
  ): Promise<FileRow> {
    return this.save(userId, chatId, 'generated', file);
  }

  private async save(
    userId: string,
    chatId: string | null,
    purpose: FileRow['purpose'],
    file: { bytes: Buffer; mimeType: string; width?: number; height?: number },
  ): Promise<FileRow> {
    // Per-user disk quota (finding N13), checked before anything is stored.
    if ((await this.files.totalSize(userId)) + file.bytes.length > this.quotaBytes) {
      throw new AppError('file:quota-exceeded', texts.quota(Math.round(this.quotaBytes / 1_048_576)));
    }
    const id = newId();
    const now = nowIso();
    const row: FileRow = {
      id,
      user_id: userId,
      chat_id: chatId,
      purpose,
      mime_type: file.mimeType,
      size: file.bytes.length,
      width: file.width ?? null,
      height: file.height ?? null,
      sha256: crypto.createHash('sha256').update(file.bytes).digest('hex'),
      storage_key: `${now.slice(0, 7)}/${id}`,
      created_at: now,
    };
    await this.store.put(row.storage_key, file.bytes);
    try {
      await this.files.insert(row);
    } catch (error) {
      await this.store.delete(row.storage_key).catch(() => undefined);
      throw error;
    }
    return row;
  }

  present(row: FileRow): UploadedFile {
    return {
      id: row.id,
      url: this.url(row.id),
      mimeType: row.mime_type,
      size: row.size,
      width: row.width,
      height: row.height,
    };
  }

  /** The owner's file with its bytes; 404 (the same for unknown and not yours). */
  async readOwned(userId: string, id: string): Promise<LoadedFile> {
    const row = await this.files.findOwned(userId, id);
    const bytes = row ? await this.store.get(row.storage_key) : undefined;
    if (!row || !bytes) throw notFound(FILE_NOT_FOUND);
    return { row, bytes };
  }

  /** The owner's file as a stream with its size (never whole in memory); undefined if not theirs or gone. */
  async openOwned(userId: string, id: string): Promise<(StoredStream & { row: FileRow }) | undefined> {
    const row = await this.files.findOwned(userId, id);
    const opened = row ? await openStored(this.store, row.storage_key) : undefined;
    return row && opened ? { row, ...opened } : undefined;
  }

  /** A file by its signed url; 404 when the signature is wrong or expired. */
  async readSigned(id: string, expires: unknown, signature: unknown): Promise<LoadedFile> {
    if (!this.signer.verify(id, expires, signature)) throw notFound(FILE_NOT_FOUND);
    const row = await this.files.findById(id);
    const bytes = row ? await this.store.get(row.storage_key) : undefined;
    if (!row || !bytes) throw notFound(FILE_NOT_FOUND);
    return { row, bytes };
  }

  /**
   * The attachments of a message being sent: every id must be the sender's file (unknown and
   * another user's answer the same 404). Returned in the order given, duplicates dropped.
   */
  async forMessage(userId: string, ids: readonly string[]): Promise<StoredAttachment[]> {
    const unique = [...new Set(ids)];
    const rows = await this.files.listOwned(userId, unique);
    // An upload past its time unsent has expired (the sweep removes it): as if it were gone.
    const expiredBefore = new Date(Date.now() - this.unsentTtlMs).toISOString();
    const byId = new Map(
      rows
        .filter((r) => r.chat_id !== null || r.purpose === 'generated' || r.created_at >= expiredBefore)
        .map((r) => [r.id, r]),
    );
    return unique.map((id) => {
      const row = byId.get(id);
      if (!row) throw notFound(FILE_NOT_FOUND);
      return {
        id: row.id,
        mimeType: row.mime_type,
        width: row.width,
        height: row.height,
        purpose: row.purpose === 'mask' ? 'mask' : 'attachment',
      };
    });
  }

  attachToChat(ids: readonly string[], chatId: string, trx?: Executor): Promise<void> {
    return this.files.attachToChat(ids, chatId, trx);
  }

  /** Attachments as clients see them (fresh signed urls). */
  presentAttachments(stored: readonly StoredAttachment[]): MessageAttachment[] {
    return stored.map((a) => ({
      id: a.id,
      url: this.url(a.id),
      mimeType: a.mimeType,
      width: a.width,
      height: a.height,
      ...(a.purpose === 'mask' ? { purpose: 'mask' as const } : {}),
    }));
  }

  /**
   * Uploads never sent with a message expire (N13): made over FILES_UNSENT_TTL_HOURS ago and in no
   * chat, rows then bytes (one process deletes a row and its bytes). Answers how many went.
   */
  async sweepUnsent(now = Date.now()): Promise<number> {
    const before = new Date(now - this.unsentTtlMs).toISOString();
    let removed = 0;
    for (;;) {
      const batch = await this.files.listUnsent(before, 200);
      if (batch.length === 0) return removed;
      const deleted = await this.files.deleteUnsent(batch.map((r) => r.id));
      await Promise.all(deleted.map((r) => this.store.delete(r.storage_key).catch(() => undefined)));
      removed += deleted.length;
      if (batch.length < 200) return removed;
    }
  }

  /**
   * A fork (issue #49): copies the files of `fromChatId` that `mentionedIn` names (attachments,
   * pictures and tracks of the copied messages) into `toChatId`, each with its own bytes, so either
   * chat can be deleted without the other losing a file. Counts against the storage quota like any
   * file. Answers the new id of each copied file and how to take the copies back.
   */
  async copyForFork(
    userId: string,
    fromChatId: string,
    toChatId: string,
    mentionedIn: string,
  ): Promise<{ ids: Map<string, string>; undo: () => Promise<void> }> {
    const rows = (await this.files.listRowsByChat(fromChatId)).filter(
      (r) => r.user_id === userId && mentionedIn.includes(r.id),
    );
    const size = rows.reduce((sum, r) => sum + r.size, 0);
    if (size > 0 && (await this.files.totalSize(userId)) + size > this.quotaBytes) {
      throw new AppError('file:quota-exceeded', texts.quota(Math.round(this.quotaBytes / 1_048_576)));
    }
    const ids = new Map<string, string>();
    const made: FileRow[] = [];
    const undo = async () => {
      await this.files.deleteIds(made.map((r) => r.id));
      await Promise.all(made.map((r) => this.store.delete(r.storage_key).catch(() => undefined)));
    };
    try {
      for (const row of rows) {
        const bytes = await this.store.get(row.storage_key);
        if (!bytes) continue;
        const id = newId();
        const copy: FileRow = { ...row, id, chat_id: toChatId, storage_key: `${nowIso().slice(0, 7)}/${id}` };
        await this.store.put(copy.storage_key, bytes);
        made.push(copy);
        await this.files.insert(copy);
        ids.set(row.id, id);
      }
    } catch (error) {
      await undo();
      throw error;
    }
    return { ids, undo };
  }

  /** `chat.deleting`: the chat's files go, rows then bytes. */
  async deleteForChat(chatId: string): Promise<void> {
    const rows = await this.files.listByChat(chatId);
    await this.files.deleteIds(rows.map((r) => r.id));
    await Promise.all(rows.map((r) => this.store.delete(r.storage_key)));
  }

  /**
   * `user.deleting` (inside the account's transaction): the rows go with the transaction; the bytes
   * right after (a failed transaction leaves rows without bytes, which read as 404 — never a leak).
   */
  async deleteForUser(userId: string, trx: Executor): Promise<void> {
    const rows = await this.files.listByUser(userId, trx);
    await this.files.deleteIds(
      rows.map((r) => r.id),
      trx,
    );
    await Promise.all(rows.map((r) => this.store.delete(r.storage_key)));
  }
}
