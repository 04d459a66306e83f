import { z } from 'zod';
import type { FILE_PURPOSES } from './constants.js';

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
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
