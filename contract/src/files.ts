import { z } from 'zod';

/** Files (ARCHITECTURE.md §3 "Files"): uploads for attachments and canvas masks. */

export const FILE_PURPOSES = ['attachment', 'mask'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** Image types an upload may be, checked by content (not by name). */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** The largest upload, in bytes. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** The most pixels an uploaded (or processed) image may have. */
export const MAX_IMAGE_PIXELS = 40_000_000;

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
