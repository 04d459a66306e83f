import type { ReviewKnowledge, UploadedFile } from '@neura/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DocumentRow, FileRow } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import type { FileService, StoredAttachment } from '../files/service.js';
import { FILE_NOT_FOUND } from '../files/service.js';
import type { EventBus } from '../lib/events.js';
import { nowIso } from '../lib/time.js';
import { approxTokens } from '../llm/context.js';
import { chunkPages } from './chunks.js';
import { cleanName, type DocumentKind, type DocumentType, detectDocument } from './detect.js';
import { DocumentReadError, type ExtractLimits, extractText, type ReadFailure } from './extract.js';
import { ocrAvailable, ocrPdf } from './ocr.js';
import type { DocumentRepository } from './repository.js';
import { knowledgeForReview } from './review.js';
import { documentTexts } from './texts.js';

/** Read while the upload waits up to this size; bigger files (and scans) are read by a job. */
const INLINE_BYTES = 2 * 1024 * 1024;
/** A PDF whose pages hold fewer letters than this on average is a scan. */
const SCANNED_CHARS_PER_PAGE = 3;

export interface DocumentLimits extends ExtractLimits {
  ocrMaxPages: number;
  /** Documents one user may keep (DOCUMENTS_MAX_PER_USER). */
  maxPerUser: number;
}

/** What the service needs from around it. */
export interface DocumentDeps {
  repo: DocumentRepository;
  files: Pick<
    FileService,
    'reserveUpload' | 'saveDocument' | 'discard' | 'readOwned' | 'url' | 'keepAsKnowledge' | 'deleteKnowledge'
  >;
  events: EventBus;
  /** Queues the reading of a stored document (the `documents.extract` job). */
  enqueue: (job: { fileId: string; userId: string }) => Promise<unknown>;
  limits: DocumentLimits;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const failureText = (reason: ReadFailure, limits: DocumentLimits): string =>
  ({
    encrypted: documentTexts.encrypted,
    corrupt: documentTexts.corrupt,
    'too-many-pages': documentTexts.tooManyPages(limits.maxPages),
    'too-big': documentTexts.tooBig,
    'timed-out': documentTexts.timedOut,
  })[reason];

/** Text read from a document, or the sign that it needs OCR. */
type Reading = { pages: string[]; paged: boolean } | { scanned: number };

/**
 * Documents (issue #45): an upload is read (in a worker thread) before it is stored when small, or
 * stored as `processing` and read by the `documents.extract` job (big files, scans through OCR),
 * which announces `file.updated`. Its passages are kept for grounding (documents/grounding.ts).
 */
export class DocumentService {
  constructor(private readonly deps: DocumentDeps) {}

  /** `POST /files` for a document (files/routes.ts), or undefined when the file is none. */
  accept(bytes: Buffer, name: string | undefined) {
    const type = detectDocument(bytes, name);
    return type ? (userId: string) => this.upload(userId, bytes, type, cleanName(name, type)) : undefined;
  }

  private async upload(userId: string, bytes: Buffer, type: DocumentType, name: string): Promise<UploadedFile> {
    await this.deps.files.reserveUpload(userId);
    // Refused before any reading when the count is reached; the insert below holds under parallel uploads.
    const tooMany = () => new AppError('file:quota-exceeded', documentTexts.tooMany(this.deps.limits.maxPerUser));
    if ((await this.deps.repo.countOwned(userId)) >= this.deps.limits.maxPerUser) throw tooMany();
    let reading: Reading | undefined;
    if (bytes.length <= INLINE_BYTES) {
      // A small file that cannot be read is refused at once, and nothing is stored.
      reading = await this.read(bytes, type.kind).catch((error: unknown) => {
        if (error instanceof DocumentReadError)
          throw new AppError('file:invalid', failureText(error.reason, this.deps.limits));
        throw error;
      });
      if ('pages' in reading && !reading.pages.some((p) => p.trim() !== ''))
        throw new AppError('file:invalid', documentTexts.noText);
    }
    const file = await this.deps.files.saveDocument(userId, bytes, type.mimeType);
    const now = nowIso();
    const row: DocumentRow = {
      file_id: file.id,
      user_id: userId,
      name,
      kind: type.kind,
      pages: reading && 'scanned' in reading ? reading.scanned : null,
      status: 'processing',
      error: null,
      tokens: 0,
      created_at: now,
      updated_at: now,
    };
    if (!(await this.deps.repo.insertWithin(row, this.deps.limits.maxPerUser))) {
      await this.deps.files.discard({ id: file.id, storage_key: file.storage_key });
      throw tooMany();
    }
    if (reading && 'pages' in reading) return this.present(file, await this.saveText(row, reading));
    await this.deps.enqueue({ fileId: file.id, userId });
    return this.present(file, row);
  }

  /** The `documents.extract` job: reads a stored document (OCR for a scan), then announces it. */
  async process(job: { fileId: string; userId: string }, signal?: AbortSignal): Promise<void> {
    const doc = await this.deps.repo.findOwned(job.userId, job.fileId);
    const loaded = doc ? await this.deps.files.readOwned(job.userId, job.fileId).catch(() => undefined) : undefined;
    if (!doc || !loaded) return; // deleted meanwhile
    let updated: DocumentRow;
    try {
      // The pages read are announced (the chip says "page N of M"), as text and then by OCR.
      const progress = (done: number, total: number) => {
        const file = { ...this.present(loaded.row, doc), progress: { done, total } };
        void this.deps.events.emit('file.updated', { userId: job.userId, file });
      };
      // The text's last page is not told: the document is ready (or read by OCR) right after.
      const reading = await this.read(loaded.bytes, doc.kind, (done, total) => done < total && progress(done, total));
      let pages: { pages: string[]; paged: boolean };
      if ('scanned' in reading) {
        const ocrProgress = (done: number) => progress(done, reading.scanned);
        pages = { pages: await this.ocr(loaded.bytes, reading.scanned, ocrProgress, signal), paged: true };
      } else pages = reading;
      if (!pages.pages.some((p) => p.trim() !== '')) throw new AppError('file:invalid', documentTexts.noText);
      updated = await this.saveText(doc, pages);
    } catch (error) {
      if (signal?.aborted) throw error;
      const message =
        error instanceof DocumentReadError
          ? failureText(error.reason, this.deps.limits)
          : error instanceof AppError
            ? error.message
            : documentTexts.corrupt;
      if (!(error instanceof DocumentReadError || error instanceof AppError))
        this.deps.log.warn({ err: error, fileId: doc.file_id }, 'document reading failed');
      updated = { ...doc, status: 'failed', error: message, updated_at: nowIso() };
      await this.deps.repo.setStatus(doc.file_id, { status: 'failed', error: message, now: updated.updated_at });
    }
    void this.deps.events.emit('file.updated', { userId: job.userId, file: this.present(loaded.row, updated) });
  }

  /** `GET /files/{id}/meta`: the owner's document as `POST /files` answered it, now. */
  async meta(userId: string, fileId: string): Promise<UploadedFile> {
    const doc = await this.deps.repo.findOwned(userId, fileId);
    const loaded = doc ? await this.deps.files.readOwned(userId, fileId).catch(() => undefined) : undefined;
    if (!doc || !loaded) throw notFound(FILE_NOT_FOUND);
    return this.present(loaded.row, doc);
  }

  /**
   * A persona's knowledge (creator/): every id must be the maker's document (400 otherwise); the
   * files are then kept as knowledge (never swept as unsent uploads).
   */
  async claim(userId: string, ids: readonly string[]): Promise<void> {
    const unique = [...new Set(ids)];
    const owned = await this.deps.repo.listOwned(userId, unique);
    if (owned.length !== unique.length) throw new AppError('request:invalid', documentTexts.knowledgeNotOwned);
    await this.deps.files.keepAsKnowledge(userId, unique);
  }

  /** A purged persona's knowledge (creator/): its files go unless a chat or another persona keeps them. */
  release(userId: string, ids: readonly string[]): Promise<void> {
    return this.deps.files.deleteKnowledge(userId, [...new Set(ids)]);
  }

  /** A public persona's knowledge for the console's review (creator/): names, pages, status and text. */
  forReview(ownerId: string, ids: readonly string[]): Promise<ReviewKnowledge[]> {
    return knowledgeForReview(this.deps.repo, ownerId, ids);
  }

  /** A message's attachments with their documents' names and pages (the chat's chips). */
  async describe(userId: string, attachments: StoredAttachment[]): Promise<StoredAttachment[]> {
    const docs = await this.deps.repo.listOwned(
      userId,
      attachments.map((a) => a.id),
    );
    const byId = new Map(docs.map((d) => [d.file_id, d]));
    return attachments.map((a) => {
      const doc = byId.get(a.id);
      return doc ? { ...a, kind: 'document', name: doc.name, ...(doc.pages ? { pages: doc.pages } : {}) } : a;
    });
  }

  private present(file: Pick<FileRow, 'id' | 'mime_type' | 'size'>, doc: DocumentRow): UploadedFile {
    return {
      id: file.id,
      url: this.deps.files.url(file.id),
      mimeType: file.mime_type,
      size: file.size,
      width: null,
      height: null,
      kind: 'document',
      name: doc.name,
      ...(doc.pages ? { pages: doc.pages } : {}),
      status: doc.status,
      ...(doc.error ? { error: doc.error } : {}),
    };
  }

  /** The text of a document; a PDF with (almost) no letters is a scan (`scanned`: its pages). */
  private async read(
    bytes: Buffer,
    kind: DocumentKind,
    progress?: (done: number, total: number) => void,
  ): Promise<Reading> {
    const text = await extractText(bytes, kind, this.deps.limits, progress);
    const letters = text.pages.reduce((n, p) => n + p.replace(/\s+/g, '').length, 0);
    if (text.paged && letters < SCANNED_CHARS_PER_PAGE * text.pages.length) return { scanned: text.pages.length };
    return text;
  }

  private async ocr(bytes: Buffer, pages: number, progress: (done: number) => void, signal?: AbortSignal) {
    const { ocrMaxPages } = this.deps.limits;
    if (ocrMaxPages === 0 || !(await ocrAvailable())) throw new AppError('file:invalid', documentTexts.noText);
    if (pages > ocrMaxPages) throw new AppError('file:invalid', documentTexts.tooManyPages(ocrMaxPages));
    return ocrPdf(bytes, pages, { signal, progress });
  }

  private async saveText(doc: DocumentRow, text: { pages: string[]; paged: boolean }): Promise<DocumentRow> {
    const passages = chunkPages(text.pages, text.paged);
    const tokens = approxTokens(passages.map((p) => p.text).join('\n'));
    const pages = text.paged ? text.pages.length : null;
    const now = nowIso();
    await this.deps.repo.saveText(doc.file_id, passages, { pages, tokens, now });
    return { ...doc, status: 'ready', error: null, pages, tokens, updated_at: now };
  }
}
