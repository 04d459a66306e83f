import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import type { Config } from '../config.js';
import type { CreditService } from '../credits/service.js';
import type { Db } from '../db/database.js';
import type { DocumentUploads } from '../files/routes.js';
import type { FileService, StoredAttachment } from '../files/service.js';
import type { AppJob, AppJobs } from '../jobs/module.js';
import type { EventBus } from '../lib/events.js';
import { documentAdminRoutes } from './figures.js';
import { type ChargeDocuments, documentsForReply, type ReplyDocumentsPlace } from './grounding.js';
import { documentsChargeKey } from './pricing.js';
import { DocumentRepository } from './repository.js';
import { documentRoutes } from './routes.js';
import { DocumentService } from './service.js';

/**
 * Documents and knowledge (issue #45): documents uploaded through `POST /files` (files/routes.ts
 * hands them here), read off the event loop (a worker thread; big files and scans by the
 * `documents.extract` job), their passages searched for each reply of a chat they were sent in.
 * Rows and passages go with their file (cascade), so with their chat or account.
 */
export function createDocumentsModule(deps: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  events: EventBus;
  auth: Authenticator;
  /** The files module: where documents are stored, and its routes (which hand documents here). */
  files: { files: FileService; routes: (documents?: DocumentUploads) => FastifyPluginAsync };
  jobs: Pick<AppJobs, 'enqueue'>;
  /** Takes the documents' surcharge of a reply (DOCUMENT_PRICE_PER_1K_TOKENS). */
  credits: Pick<CreditService, 'chargeKeyed'>;
}) {
  const { config } = deps;
  const repo = new DocumentRepository(deps.db, config.database.kind);
  const documents = new DocumentService({
    repo,
    files: deps.files.files,
    events: deps.events,
    enqueue: (job) => deps.jobs.enqueue('documents.extract', job),
    limits: {
      maxPages: config.DOCUMENT_MAX_PAGES,
      maxChars: config.DOCUMENT_MAX_CHARS,
      timeoutMs: 120_000,
      ocrMaxPages: config.DOCUMENT_OCR_MAX_PAGES,
      maxPerUser: config.DOCUMENTS_MAX_PER_USER,
    },
    log: deps.log,
  });
  const charge: ChargeDocuments = async ({ userId, messageId }, amount) =>
    (await deps.credits.chargeKeyed(userId, amount, documentsChargeKey(messageId), 'documents')) !== undefined;
  const jobs: AppJob[] = [
    { name: 'documents.extract', maxAttempts: 2, run: (job, { signal }) => documents.process(job, signal) },
  ];
  return {
    documents,
    /** What the conversation asks: names for attachments, and the documents of each reply. */
    conversation: {
      describe: (userId: string, list: StoredAttachment[]) => documents.describe(userId, list),
      forReply: (place: ReplyDocumentsPlace) =>
        documentsForReply(repo, place, config.DOCUMENT_CONTEXT_TOKENS, {
          per1k: config.DOCUMENT_PRICE_PER_1K_TOKENS,
          charge,
        }),
    },
    /** `POST /files` (with documents) and `GET /files/{id}/meta`. */
    routes: [deps.files.routes(documents), documentRoutes(deps.auth, documents)],
    /** The console's figures (`GET /admin/documents`), registered with the console's admin routes. */
    adminRoutes: (registered: Array<{ method: string; url: string }>) =>
      documentAdminRoutes(deps.auth, deps.db, registered),
    jobs,
  };
}
