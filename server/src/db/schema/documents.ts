import type { Generated } from 'kysely';
import type { Timestamp } from './columns.js';

/** 0023 (documents, issue #45): one row per uploaded document, gone with its `files` row. */
export interface DocumentsTable {
  file_id: string;
  user_id: string;
  name: string;
  kind: 'pdf' | 'docx' | 'text' | 'markdown' | 'csv' | 'json' | 'html';
  pages: number | null;
  status: 'processing' | 'ready' | 'failed';
  error: string | null;
  tokens: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** 0023: a document's passages (`seq`, SQLite only, keys its full-text index). `page` counts from 1. */
export interface DocumentChunksTable {
  seq: Generated<number>;
  id: string;
  file_id: string;
  ord: number;
  page: number | null;
  text: string;
}
