import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { DocumentKind } from './detect.js';

/** Why a document could not be read (the service turns it into the user's sentence). */
export type ReadFailure = 'encrypted' | 'corrupt' | 'too-many-pages' | 'too-big' | 'timed-out';

export class DocumentReadError extends Error {
  constructor(readonly reason: ReadFailure) {
    super(reason);
    this.name = 'DocumentReadError';
  }
}

/** A document's text: one entry per page for a PDF, else one entry (pages unknown). */
export interface ExtractedText {
  pages: string[];
  paged: boolean;
}

export interface ExtractLimits {
  maxPages: number;
  maxChars: number;
  /** The worker is ended past this (a file that makes a parser spin). */
  timeoutMs: number;
}

/**
 * The worker's code (CommonJS, evaluated: the bundle and the sources load it alike, as the SQLite
 * checkpointer does). It reads one document with unpdf (PDF, per page), mammoth (DOCX), linkedom +
 * Readability (HTML) or as UTF-8 text, and answers `{ pages }` or `{ failure }`.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { kind, bytes, maxPages, maxChars, paths } = workerData;
const fail = (failure) => { parentPort.postMessage({ failure }); };
const size = (pages) => pages.reduce((n, p) => n + p.length, 0);
async function read() {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === 'pdf') {
    const { getDocumentProxy } = require(paths.unpdf);
    let pdf;
    try {
      pdf = await getDocumentProxy(new Uint8Array(buffer), { verbosity: 0, isEvalSupported: false });
    } catch (error) {
      return fail(error && error.name === 'PasswordException' ? 'encrypted' : 'corrupt');
    }
    if (pdf.numPages > maxPages) return fail('too-many-pages');
    // Page by page as unpdf's extractText reads them, telling the progress about 50 times in all.
    const pages = [];
    const every = Math.max(1, Math.ceil(pdf.numPages / 50));
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      pages.push(content.items.filter((i) => i.str != null).map((i) => i.str + (i.hasEOL ? '\\n' : '')).join(''));
      if (n % every === 0 || n === pdf.numPages) parentPort.postMessage({ progress: n, total: pdf.numPages });
    }
    return pages;
  }
  if (kind === 'docx') {
    const mammoth = require(paths.mammoth);
    const { value } = await mammoth.extractRawText({ buffer });
    return [value];
  }
  const text = new TextDecoder('utf-8', { fatal: true }).decode(buffer).replace(/^\\uFEFF/, '');
  if (kind === 'json') return [JSON.stringify(JSON.parse(text), null, 1)];
  if (kind === 'html') {
    const { parseHTML } = require(paths.linkedom);
    const { Readability } = require(paths.readability);
    const { document } = parseHTML(text);
    const article = new Readability(document).parse();
    return [(article && article.textContent) || (document.body && document.body.textContent) || ''];
  }
  return [text];
}
read().then(
  (pages) => {
    if (!pages) return;
    if (size(pages) > maxChars) return fail('too-big');
    parentPort.postMessage({ pages });
  },
  () => fail('corrupt'),
);
`;

const resolve = createRequire(import.meta.url).resolve;
let paths: Record<string, string> | undefined;
const modulePaths = () =>
  (paths ??= {
    unpdf: resolve('unpdf'),
    mammoth: resolve('mammoth'),
    linkedom: resolve('linkedom'),
    readability: resolve('@mozilla/readability'),
  });

/**
 * Reads a document's text in a worker thread of its own (never on the event loop), with a memory
 * cap (a bomb-like file ends its worker, not the server) and a time limit. `progress` hears the
 * pages of a PDF read so far (the `documents.extract` job's chip says "page N of M").
 */
export function extractText(
  bytes: Buffer,
  kind: DocumentKind,
  limits: ExtractLimits,
  progress?: (done: number, total: number) => void,
): Promise<ExtractedText> {
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { kind, bytes, maxPages: limits.maxPages, maxChars: limits.maxChars, paths: modulePaths() },
      resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new DocumentReadError('timed-out'))), limits.timeoutMs);
    worker.on('message', (message: { pages?: string[]; failure?: ReadFailure; progress?: number; total?: number }) => {
      if (message.progress !== undefined) progress?.(message.progress, message.total ?? message.progress);
      else if (message.pages) {
        const pages = message.pages;
        settle(() => resolvePromise({ pages, paged: kind === 'pdf' }));
      } else settle(() => reject(new DocumentReadError(message.failure ?? 'corrupt')));
    });
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or any crash of the worker: the file is too much.
    worker.on('error', (error: NodeJS.ErrnoException) =>
      settle(() => reject(new DocumentReadError(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'too-big' : 'corrupt'))),
    );
    worker.on('exit', () => settle(() => reject(new DocumentReadError('corrupt'))));
  });
}
