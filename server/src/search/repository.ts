import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../db/database.js';
import { type ParsedQuery, toFts5, toPostgres } from './query.js';

/** Marks around the matched words in a snippet (control characters: never part of stored text). */
export const MARK_START = '\u0002';
export const MARK_END = '\u0003';

export interface SearchHitRow {
  message_id: string;
  chat_id: string;
  role: string;
  created_at: string;
  chat_name: string;
  persona_id: string;
  is_archived: number;
  superseded: number;
  snippet: string;
}

/** The folder condition of a search: one folder's chats, `none` for unfiled ones, or none at all. */
const folderFilter = (folder: string | undefined) =>
  folder === undefined ? sql`` : folder === 'none' ? sql` AND c.folder_id IS NULL` : sql` AND c.folder_id = ${folder}`;

/**
 * The only reader of the search index (its writers are the triggers of migration 0010). Every
 * query is bound to one user twice over: the message's owner and its chat's owner.
 */
export class SearchRepository {
  constructor(
    private readonly db: Executor,
    private readonly kind: 'sqlite' | 'postgres',
  ) {}

  /**
   * `folder`: only the chats of that folder (`none`: only unfiled ones). A temporary chat is never
   * searched (issue #49).
   */
  search(userId: string, query: ParsedQuery, limit: number, offset: number, folder?: string): Promise<SearchHitRow[]> {
    const where = sql`c.temporary = 0${folderFilter(folder)}`;
    return this.kind === 'postgres'
      ? this.searchPostgres(userId, query, limit, offset, where)
      : this.searchSqlite(userId, query, limit, offset, where);
  }

  private async searchSqlite(
    userId: string,
    query: ParsedQuery,
    limit: number,
    offset: number,
    where: RawBuilder<unknown>,
  ) {
    const { rows } = await sql<SearchHitRow>`
      SELECT m.id AS message_id, m.chat_id, m.role, m.created_at, m.superseded,
        c.name AS chat_name, COALESCE(m.persona_id, c.persona_id) AS persona_id, c.is_archived,
        snippet(message_search_fts, 0, ${MARK_START}, ${MARK_END}, '…', 24) AS snippet
      FROM message_search_fts f
      JOIN message_search_keys k ON k.rowid = f.rowid
      JOIN messages m ON m.id = k.message_id
      JOIN chats c ON c.id = m.chat_id
      WHERE message_search_fts MATCH ${toFts5(query)} AND m.user_id = ${userId} AND c.user_id = ${userId} AND ${where}
      ORDER BY f.rank, m.id DESC
      LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
    return rows;
  }

  private async searchPostgres(
    userId: string,
    query: ParsedQuery,
    limit: number,
    offset: number,
    where: RawBuilder<unknown>,
  ) {
    const { websearch, prefix } = toPostgres(query);
    const parts = [
      ...(websearch ? [sql`websearch_to_tsquery('english', ${websearch})`] : []),
      ...(prefix ? [sql`to_tsquery('english', ${prefix})`] : []),
    ];
    const tsquery = sql.join(parts, sql` && `);
    const options = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=24, MinWords=10, ShortWord=2, MaxFragments=1, FragmentDelimiter=…`;
    const { rows } = await sql<SearchHitRow>`
      SELECT r.message_id, r.chat_id, r.role, r.created_at, r.superseded, r.chat_name, r.persona_id, r.is_archived,
        ts_headline('english', m.content, r.query, ${options}) AS snippet
      FROM (
        SELECT m.id AS message_id, m.chat_id, m.role, m.created_at, m.superseded,
          c.name AS chat_name, COALESCE(m.persona_id, c.persona_id) AS persona_id, c.is_archived, q.query,
          ts_rank_cd(s.document, q.query) AS rank
        FROM (SELECT ${tsquery} AS query) q
        JOIN message_search s ON s.document @@ q.query
        JOIN messages m ON m.id = s.message_id
        JOIN chats c ON c.id = m.chat_id
        WHERE m.user_id = ${userId} AND c.user_id = ${userId} AND ${where}
        ORDER BY rank DESC, m.id DESC
        LIMIT ${limit} OFFSET ${offset}
      ) r
      JOIN messages m ON m.id = r.message_id
      ORDER BY r.rank DESC, r.message_id DESC`.execute(this.db);
    return rows;
  }
}
