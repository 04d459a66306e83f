import { z } from 'zod';

/** Documents (issue #45): the passages a reply carries, their price, and the caps on what an upload may hold. */
export const DOCUMENT_FIELDS = {
  DOCUMENT_CONTEXT_TOKENS: z.coerce.number().int().min(0).default(4000),
  DOCUMENT_MAX_PAGES: z.coerce.number().int().min(1).default(1000),
  /** Extracted text past this many characters fails the document (a bomb-like file). */
  DOCUMENT_MAX_CHARS: z.coerce.number().int().min(1000).default(5_000_000),
  /** Scanned pages read with OCR (tesseract) per document; 0 turns OCR off. */
  DOCUMENT_OCR_MAX_PAGES: z.coerce.number().int().min(0).default(50),
  /** Credits per 1,000 tokens of document passages a reply carries (a surcharge on the reply); 0 = free. */
  DOCUMENT_PRICE_PER_1K_TOKENS: z.coerce.number().int().min(0).default(0),
  /** Documents one user may keep (chats' and personas' knowledge alike); they count in FILES_QUOTA_MB too. */
  DOCUMENTS_MAX_PER_USER: z.coerce.number().int().min(1).default(500),
};
