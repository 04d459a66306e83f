import { z } from 'zod';
import { DOCUMENT_STATUSES, type FILE_PURPOSES } from './constants.js';

/** Files (ARCHITECTURE.md §3 "Files"): uploads for attachments and canvas masks. */

// Its limits (FILE_PURPOSES, UPLOAD_IMAGE_TYPES, MAX_UPLOAD_BYTES, MAX_IMAGE_PIXELS) are in
// constants.ts: a client that reads only them does not build this module's schema.
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** `POST /files` (201) → the stored file; `url` is signed and expiring (usable as `<img src>`). */
export const uploadedFileSchema = z.object({
  id: z.string(),
  url: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Documents (issue #45): `kind: "document"` with its name, pages and extraction status. */
  kind: z.enum(['image', 'document']).optional(),
  name: z.string().optional(),
  pages: z.number().int().optional(),
  status: z.enum(DOCUMENT_STATUSES).optional(),
  error: z.string().optional(),
  /** While an OCR job reads a scan: the pages read so far of `total` (issue #45). */
  progress: z.object({ done: z.number().int(), total: z.number().int() }).optional(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** A reply's citations (issue #45): the passages of the chat's documents it was grounded on. */
export const sourcesPartSchema = z.object({
  type: z.literal('sources'),
  items: z.array(
    z.object({ fileId: z.string(), name: z.string(), page: z.number().int().optional(), snippet: z.string() }),
  ),
  /** What grounding the reply on its documents cost (DOCUMENT_PRICE_PER_1K_TOKENS); part of the reply's `cost`. */
  cost: z.number().int().positive().optional(),
  /**
   * The documents were left out of this reply: grounding it on them would have cost this many
   * credits, more than the balance held (then `items` is empty and nothing was charged for them).
   */
  unpaid: z.number().int().positive().optional(),
});
export type SourcesPart = z.infer<typeof sourcesPartSchema>;
export type SourceItem = SourcesPart['items'][number];

/** `GET /admin/documents` (issue #45): what documents take, for the operator's console. */
export const documentFiguresSchema = z.object({
  storage: z.object({
    bytes: z.number(),
    documents: z.number().int(),
    /** The users whose documents take the most room, biggest first. */
    users: z.array(z.object({ userId: z.string(), email: z.string(), bytes: z.number(), documents: z.number().int() })),
    /** The personas whose knowledge files take the most room, biggest first (absent from older servers). */
    personas: z
      .array(z.object({ personaId: z.string(), name: z.string(), bytes: z.number(), documents: z.number().int() }))
      .optional(),
  }),
  /** Retrieval: document tokens sent to the model with replies, per persona (most first). */
  personas: z.array(
    z.object({ personaId: z.string(), name: z.string(), tokens: z.number(), replies: z.number().int() }),
  ),
});
export type DocumentFigures = z.infer<typeof documentFiguresSchema>;
