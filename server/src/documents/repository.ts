import { sql } from 'kysely';
import type { Db, Executor } from '../db/database.js';
import { lockOwner } from '../db/owner-lock.js';
import type { DocumentRow } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import type { Passage } from './chunks.js';

/** A passage found for a reply, with its document's name. */
export interface FoundPassage {
  fileId: string;
  name: string;
  page: number | null;
  ord: number;
  text: string;
}

const PASSAGE_COLUMNS = sql.raw('c.file_id as "fileId", d.name, c.page, c.ord, c.text');

/**
 * The only writer of `documents` and `document_chunks` (the full-text index follows through
 * triggers; both tables go with their `files` row by cascade). Reads join `files` for the chat.
 */
export class DocumentRepository {
  constructor(
    private readonly db: Db,
    private readonly kind: 'sqlite' | 'postgres',
  ) {}

  async insert(row: DocumentRow, trx: Executor = this.db): Promise<void> {
    await trx.insertInto('documents').values(row).execute();
  }

  /** How many documents the user keeps (DOCUMENTS_MAX_PER_USER). */
  async countOwned(userId: string, trx: Executor = this.db): Promise<number> {
    const row = await trx
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Inserts the row unless the user already keeps `max` documents (answers false): counted and
   * written under the owner's lock (db/owner-lock.ts), so parallel uploads cannot pass the cap.
   */
  async insertWithin(row: DocumentRow, max: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await lockOwner(trx, this.kind, `documents:${row.user_id}`);
      if ((await this.countOwned(row.user_id, trx)) >= max) return false;
      await this.insert(row, trx);
      return true;
    });
  }

  find(fileId: string): Promise<DocumentRow | undefined> {
    return this.db.selectFrom('documents').selectAll().where('file_id', '=', fileId).executeTakeFirst();
  }

  findOwned(userId: string, fileId: string): Promise<DocumentRow | undefined> {
    return this.db
      .selectFrom('documents')
      .selectAll()
      .where('file_id', '=', fileId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  listOwned(userId: string, fileIds: readonly string[]): Promise<DocumentRow[]> {
    if (fileIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('documents')
      .selectAll()
      .where('user_id', '=', userId)
      .where('file_id', 'in', [...fileIds])
      .execute();
  }

  /**
   * The passages replace any earlier ones, then the document is ready. Written in batches of 50,
   * each its own statement with a turn of the event loop between (a 300-page book is ~1,500
   * passages: one transaction would hold the loop and SQLite's one connection); a document is
   * searched only once `ready`, so nobody reads it half written.
   */
  async saveText(
    fileId: string,
    passages: readonly Passage[],
    values: { pages: number | null; tokens: number; now: string },
  ) {
    await this.db.deleteFrom('document_chunks').where('file_id', '=', fileId).execute();
    for (let i = 0; i < passages.length; i += 50) {
      const rows = passages.slice(i, i + 50).map((p) => ({ id: newId(), file_id: fileId, ...p }));
      await this.db.insertInto('document_chunks').values(rows).execute();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await this.db
      .updateTable('documents')
      .set({ status: 'ready', error: null, pages: values.pages, tokens: values.tokens, updated_at: values.now })
      .where('file_id', '=', fileId)
      .execute();
  }

  async setStatus(
    fileId: string,
    values: { status: DocumentRow['status']; error: string | null; pages?: number | null; now: string },
  ) {
    await this.db
      .updateTable('documents')
      .set({
        status: values.status,
        error: values.error,
        ...(values.pages !== undefined ? { pages: values.pages } : {}),
        updated_at: values.now,
      })
      .where('file_id', '=', fileId)
      .execute();
  }

  /** The ready documents of a chat (sent in it) and of the given ids (a persona's knowledge). */
  grounding(
    chatId: string,
    knowledgeIds: readonly string[],
  ): Promise<Pick<DocumentRow, 'file_id' | 'name' | 'tokens'>[]> {
    return this.db
      .selectFrom('documents as d')
      .innerJoin('files as f', 'f.id', 'd.file_id')
      .select(['d.file_id', 'd.name', 'd.tokens'])
      .where('d.status', '=', 'ready')
      .where((eb) =>
        knowledgeIds.length
          ? eb.or([eb('f.chat_id', '=', chatId), eb('d.file_id', 'in', [...knowledgeIds])])
          : eb('f.chat_id', '=', chatId),
      )
      .orderBy('d.created_at')
      .execute();
  }

  /** A persona's knowledge document ids (personas.knowledge, JSON); [] when none. */
  async knowledgeOf(personaId: string): Promise<string[]> {
    const row = await this.db.selectFrom('personas').select('knowledge').where('id', '=', personaId).executeTakeFirst();
    return knowledgeIds(row?.knowledge ?? null);
  }

  /** Every passage of these documents, in document order (the whole text fits the budget). */
  async allPassages(fileIds: readonly string[]): Promise<FoundPassage[]> {
    if (fileIds.length === 0) return [];
    const { rows } = await sql<FoundPassage>`
      SELECT ${PASSAGE_COLUMNS} FROM document_chunks c JOIN documents d ON d.file_id = c.file_id
      WHERE c.file_id IN (${sql.join(fileIds)}) ORDER BY d.created_at, c.file_id, c.ord`.execute(this.db);
    return rows;
  }

  /**
   * The passages of these documents best matching any of `words` (letters and digits only, so never
   * an operator of the engines' query languages), best first.
   */
  async matching(fileIds: readonly string[], words: readonly string[], limit: number): Promise<FoundPassage[]> {
    if (fileIds.length === 0 || words.length === 0) return [];
    if (this.kind === 'postgres') {
      const query = sql`websearch_to_tsquery('english', ${words.join(' or ')})`;
      // PostgreSQL's ranks know no word rarity: the passages with more of the distinct words come first.
      const distinct = sql.join(
        words.map((w) => sql`(c.document @@ plainto_tsquery('english', ${w}))::int`),
        sql` + `,
      );
      // The chat's passages first (the file index), then the words: never every match in the database.
      const { rows } = await sql<FoundPassage>`
        WITH c AS MATERIALIZED (
          SELECT file_id, page, ord, text, document FROM document_chunks WHERE file_id IN (${sql.join(fileIds)}))
        SELECT ${PASSAGE_COLUMNS} FROM c JOIN documents d ON d.file_id = c.file_id
        WHERE c.document @@ ${query}
        ORDER BY ${distinct} DESC, ts_rank_cd(c.document, ${query}) DESC, c.ord
        LIMIT ${limit}`.execute(this.db);
      return rows;
    }
    // File ids are letters and digits (one token each): ANDed with the words, FTS5 ranks the chat's passages only.
    const files = fileIds.map((id) => `"${id.replace(/[^A-Za-z0-9]/g, '')}"`).join(' OR ');
    const match = `file_id : (${files}) AND text : (${words.map((w) => `"${w}"`).join(' OR ')})`;
    const { rows } = await sql<FoundPassage>`
      SELECT ${PASSAGE_COLUMNS} FROM document_chunks_fts f
      JOIN document_chunks c ON c.seq = f.rowid JOIN documents d ON d.file_id = c.file_id
      WHERE document_chunks_fts MATCH ${match} AND c.file_id IN (${sql.join(fileIds)})
      ORDER BY bm25(document_chunks_fts, 0.0, 1.0), c.ord
      LIMIT ${limit}`.execute(this.db);
    return rows;
  }
}

/** The document ids in a persona's `knowledge` column (JSON); [] when none or unreadable. */
export function knowledgeIds(column: string | null): string[] {
  try {
    const ids: unknown = JSON.parse(String(column ?? '[]'));
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}
