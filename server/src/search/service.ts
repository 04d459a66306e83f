import type { SearchHit, SearchResponse } from '@neura/contract';
import { toBool } from '../db/database.js';
import { isEmptyQuery, parseSearchQuery } from './query.js';
import { MARK_END, MARK_START, type SearchHitRow, type SearchRepository } from './repository.js';

/** A snippet with marks → the plain text and the [start, end) ranges the marks wrapped. */
export function splitMarks(marked: string): { snippet: string; highlights: Array<[number, number]> } {
  let snippet = '';
  const highlights: Array<[number, number]> = [];
  let start = -1;
  for (const ch of marked) {
    if (ch === MARK_START) start = snippet.length;
    else if (ch === MARK_END) {
      if (start >= 0 && snippet.length > start) highlights.push([start, snippet.length]);
      start = -1;
    } else snippet += ch;
  }
  return { snippet: snippet.replace(/\s+/g, ' '), highlights: collapse(marked, highlights) };
}

/** Whitespace runs become one space in the snippet: the ranges move with them. */
function collapse(marked: string, ranges: Array<[number, number]>): Array<[number, number]> {
  const plain = marked.replaceAll(MARK_START, '').replaceAll(MARK_END, '');
  const map: number[] = [];
  let out = 0;
  let inSpace = false;
  for (let i = 0; i < plain.length; i++) {
    map[i] = out;
    const space = /\s/.test(plain[i] ?? '');
    if (!space || !inSpace) out++;
    inSpace = space;
  }
  map[plain.length] = out;
  return ranges.map(([s, e]) => [map[s] ?? s, map[e] ?? e]);
}

function present(row: SearchHitRow): SearchHit {
  return {
    chatId: row.chat_id,
    messageId: row.message_id,
    ...splitMarks(row.snippet),
    role: row.role as SearchHit['role'],
    createdAt: row.created_at,
    chatName: row.chat_name,
    persona: row.persona_id,
    archived: toBool(row.is_archived),
    superseded: toBool(row.superseded),
  };
}

/** Full-text search over one user's messages (archived chats too), best matches first, in pages. */
export class SearchService {
  constructor(private readonly repository: SearchRepository) {}

  /** `folder`: only that folder's chats (`none`: unfiled ones); a temporary chat is never found. */
  async search(userId: string, q: string, limit: number, offset: number, folder?: string): Promise<SearchResponse> {
    const query = parseSearchQuery(q);
    if (isEmptyQuery(query)) return { items: [], nextOffset: null };
    const rows = await this.repository.search(userId, query, limit + 1, offset, folder);
    const more = rows.length > limit;
    return { items: rows.slice(0, limit).map(present), nextOffset: more ? offset + limit : null };
  }
}
