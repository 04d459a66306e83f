import type { ColumnType } from 'kysely';
import type { Bool, Json, Timestamp } from './columns.js';

/** The tables of personas, chats and what they hold: messages, files, shares, title tokens, data archives. */

export interface PersonasTable {
  id: string;
  icon: string;
  name: string;
  description: string;
  cost: number;
  tags: Json;
  published: Bool;
  requires_pro: Bool;
  included_skills: Json;
  system_prompt: string;
  model: string | null;
  greeting: string | null;
  sort_order: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 0014: a one-line pitch under the name. */
  tagline: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0014: JSON array of up to 4 suggested first messages. */
  suggested_prompts: ColumnType<Json | null, Json | null | undefined, Json | null>;
  /** 0014: the file-store key of an uploaded avatar (null: the generated art). */
  avatar: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0014: the user who made it; null for the operator's catalog. */
  owner_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0014: 'public' | 'unlisted' | 'private'. */
  visibility: ColumnType<
    'public' | 'unlisted' | 'private',
    'public' | 'unlisted' | 'private' | undefined,
    'public' | 'unlisted' | 'private'
  >;
  /** 0014: a custom persona's review: 'pending' | 'approved' | 'rejected'; null for the catalog. */
  review_state: ColumnType<
    'pending' | 'approved' | 'rejected' | null,
    'pending' | 'approved' | 'rejected' | null | undefined,
    'pending' | 'approved' | 'rejected' | null
  >;
  /** 0014: a deleted custom persona keeps its row (its chats stay readable with a note). */
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0022: JSON `{ [locale]: { name?, description?, greeting? } }`. */
  translations: ColumnType<Json | null, Json | null | undefined, Json | null>;
  /** 0029: JSON of an imported character card's fields without a column (kept for export). */
  card: ColumnType<Json | null, Json | null | undefined, Json | null>;
  /** 0023: JSON array of the maker's document ids the persona is grounded on (issue #45). */
  knowledge: ColumnType<Json | null, Json | null | undefined, Json | null>;
}

export interface ChatsTable {
  id: string;
  user_id: string;
  persona_id: string;
  name: string;
  last_message_at: Timestamp | null;
  preview: string | null;
  is_pinned: ColumnType<Bool, Bool | undefined, Bool>;
  is_archived: ColumnType<Bool, Bool | undefined, Bool>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 0024: a group chat's persona ids in speaking order (JSON); null for a chat of one persona. */
  personas: ColumnType<Json | null, Json | null | undefined, Json | null>;
  /** 0028: the chat's folder; null: unfiled. */
  folder_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0028: 1 for a temporary chat. */
  temporary: ColumnType<Bool, Bool | undefined, Bool>;
}

/** 0028: a user's folders of chats. */
export interface ChatFoldersTable {
  id: string;
  user_id: string;
  name: string;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MessagesTable {
  id: string;
  chat_id: string;
  user_id: string;
  role: 'user' | 'assistant' | 'system';
  content: string;
  parts: Json | null;
  /** A user message's attached files (0005): JSON of `StoredAttachment[]`, no bytes. */
  attachments: ColumnType<Json | null, Json | null | undefined, Json | null>;
  status: 'complete' | 'streaming' | 'stopped' | 'failed';
  cost: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** On an assistant reply: the user message it answers (its versions share it). */
  reply_to: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when a newer version replaced this reply (readable, out of the model's context). */
  superseded: ColumnType<number, number | undefined, number>;
  /** 0012, on a reply: the text of the user message it answered, kept when that message was edited. */
  prompt: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0008, on a reply: the model's reasoning text, kept apart from the answer. */
  reasoning: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0008, on a reply: the model id that answered. */
  model: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0008, on a reply: why the model stopped (`stop`, `length`, `content_filter`, `tool_calls`, `error`, `other`). */
  finish_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0008, on a reply: token usage as the provider reported it (summed over steps); null when not reported. */
  input_tokens: ColumnType<number | null, number | null | undefined, number | null>;
  output_tokens: ColumnType<number | null, number | null | undefined, number | null>;
  reasoning_tokens: ColumnType<number | null, number | null | undefined, number | null>;
  cached_input_tokens: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0021: the tokens of the user's memory in a reply's context (its receipt). */
  memory_tokens: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0023: the tokens of document passages the reply's context carried. */
  document_tokens: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0024, on a reply in a group chat: the persona that spoke. */
  persona_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** 0024: one round of a group chat: the credits it holds and the charges its replies took from them. */
export interface ChatRoundsTable {
  id: string;
  chat_id: string;
  user_id: string;
  reserved: number;
  used: ColumnType<number, number | undefined, number>;
  status: 'open' | 'done';
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Stored files (0005): the bytes are in the file store under `storage_key`. */
export interface FilesTable {
  id: string;
  user_id: string;
  chat_id: string | null;
  purpose: 'attachment' | 'mask' | 'generated' | 'knowledge';
  mime_type: string;
  size: number;
  width: number | null;
  height: number | null;
  sha256: string;
  storage_key: string;
  created_at: Timestamp;
}

/** 0009: tokens of model calls that belong to no reply (chat titles), per user. */
export interface ModelUsageTable {
  id: string;
  user_id: string;
  chat_id: string | null;
  /** What the call was for: `chat-title`. */
  purpose: string;
  model: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
  created_at: Timestamp;
}

/** A shared chat (0010): a read-only snapshot (JSON) taken at share time; revoked links stay as rows. */
export interface ChatSharesTable {
  id: string;
  chat_id: string;
  user_id: string;
  snapshot: Json;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
}

/**
 * 0018: a "Download my data" archive (issue #40): built into `DATA_DIR/archives/<id>.tar.gz`, kept
 * until downloaded or `expires_at`. At most one `building` row per user (partial unique index).
 */
export interface DataArchivesTable {
  id: string;
  user_id: string;
  status: 'building' | 'ready' | 'failed';
  done: number;
  total: number;
  size: number | null;
  file_name: string;
  created_at: Timestamp;
  /** The builder's heartbeat while building: a row not updated for a minute is a dead build. */
  updated_at: Timestamp;
  /** Set when ready: the archive is deleted after this. */
  expires_at: Timestamp | null;
}
