import type { Generated } from 'kysely';
import type { Timestamp } from './columns.js';

/** 0021 (memory, issue #44): one row per user once memory was set; no row = on, no "about". */
export interface MemorySettingsTable {
  user_id: string;
  enabled: number;
  about: string;
  updated_at: Timestamp;
}

/** 0021: remembered items (`seq`, SQLite only, keys its full-text index; never read elsewhere). */
export interface MemoryItemsTable {
  seq: Generated<number>;
  id: string;
  user_id: string;
  text: string;
  scope: 'user' | 'persona' | 'chat';
  persona_id: string | null;
  chat_id: string | null;
  pinned: number;
  source: 'user' | 'model';
  created_at: Timestamp;
  updated_at: Timestamp;
}
