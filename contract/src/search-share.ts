import { z } from 'zod';
import { messageSchema } from './entities.js';
import { plainText } from './http.js';

/** Issue #30: full-text search, shared chats, chat export. */

export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_QUERY_MAX = 200;

export const searchQuerySchema = z.object({
  q: plainText().trim().min(1, 'Type something to search for.').max(SEARCH_QUERY_MAX),
  limit: z.coerce.number().int().min(1).max(50).default(SEARCH_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  /** Only the chats of this folder (issue #49); `none`: only unfiled chats. */
  folder: plainText().min(1).max(64).optional(),
});

export const searchHitSchema = z.object({
  chatId: z.string(),
  messageId: z.string(),
  /** Plain text around the match (no markup); `highlights` are [start, end) ranges in it. */
  snippet: z.string(),
  highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
  role: z.enum(['user', 'assistant', 'system']),
  createdAt: z.string(),
  chatName: z.string(),
  persona: z.string(),
  /** The chat is archived (results include archived chats, marked). */
  archived: z.boolean(),
  /** The message is an older version of a reply. */
  superseded: z.boolean(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchResponseSchema = z.object({
  items: z.array(searchHitSchema),
  /** The offset of the next page; null on the last one. */
  nextOffset: z.number().int().nullable(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const shareCreatedSchema = z.object({ id: z.string(), url: z.string() });
export type ShareCreated = z.infer<typeof shareCreatedSchema>;

/** The owner's list of links (Settings). */
export const shareSummarySchema = z.object({
  id: z.string(),
  url: z.string(),
  chatId: z.string(),
  chatName: z.string(),
  createdAt: z.string(),
  messageCount: z.number().int(),
});
export type ShareSummary = z.infer<typeof shareSummarySchema>;

/** A shared message: what the reader sees, without costs, usage or reasoning. */
export const sharedMessageSchema = messageSchema
  .pick({
    id: true,
    role: true,
    content: true,
    parts: true,
    attachments: true,
    createdAt: true,
  })
  .extend({
    /** In a group chat (issue #46): the persona that wrote the reply. */
    speaker: z.object({ id: z.string(), name: z.string() }).optional(),
  });
export type SharedMessage = z.infer<typeof sharedMessageSchema>;

/** `GET /share/:id`: the snapshot taken at share time (no auth). */
export const sharedChatSchema = z.object({
  id: z.string(),
  name: z.string(),
  sharedAt: z.string(),
  persona: z.object({ id: z.string(), name: z.string(), icon: z.string() }),
  messages: z.array(sharedMessageSchema),
});
export type SharedChat = z.infer<typeof sharedChatSchema>;

export const exportQuerySchema = z.object({ format: z.enum(['md', 'json']).default('md') });
export type ExportFormat = z.infer<typeof exportQuerySchema>['format'];

/** "Download my data": a background build with progress (`done` of `total` steps). */
export const archiveJobSchema = z.object({
  id: z.string(),
  status: z.enum(['building', 'ready', 'failed']),
  done: z.number().int(),
  total: z.number().int(),
  /** 0…1 */
  progress: z.number(),
  /** Bytes of the finished archive. */
  size: z.number().int().optional(),
});
export type ArchiveJob = z.infer<typeof archiveJobSchema>;
