import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import { lockOwner } from '../db/owner-lock.js';
import type { MemoryItemRow } from '../db/schema.js';

export type MemoryItemRecord = Omit<MemoryItemRow, 'seq'>;
/** Where a reply is: which items apply (scope `user`, this persona's, this chat's). */
export interface MemoryPlace {
  personaId: string;
  chatId: string;
}

const ITEM_COLUMNS = [
  'id',
  'user_id',
  'text',
  'scope',
  'persona_id',
  'chat_id',
  'pinned',
  'source',
  'created_at',
  'updated_at',
] as const;

/**
 * The only writer of `memory_settings` and `memory_items` (the full-text index follows through
 * triggers on SQLite and PostgreSQL). Every statement is bound to one user.
 */
export class MemoryRepository {
  constructor(
    private readonly db: Executor,
    private readonly kind: 'sqlite' | 'postgres',
  ) {}

  /**
   * The user's settings (null columns: never set), Pro expiry (the budget) and whether they keep
   * any item; undefined: no such user.
   */
  settings(userId: string, trx: Executor = this.db) {
    return (
      trx
        .selectFrom('users')
        .leftJoin('memory_settings as s', 's.user_id', 'users.id')
        .select(['s.enabled', 's.about', 'users.pro_expiry'])
        // Whether any item is kept: a reply of a user with none reads no items (issue #50).
        .select((eb) =>
          eb.exists(eb.selectFrom('memory_items').select('id').where('user_id', '=', userId)).as('has_items'),
        )
        .where('users.id', '=', userId)
        .executeTakeFirst()
    );
  }

  async saveSettings(userId: string, values: { enabled: number; about: string }, now: string, trx: Executor = this.db) {
    await trx
      .insertInto('memory_settings')
      .values({ user_id: userId, ...values, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: now }))
      .execute();
  }

  list(userId: string, trx: Executor = this.db): Promise<MemoryItemRecord[]> {
    return trx
      .selectFrom('memory_items')
      .select(ITEM_COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('pinned', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  findOwned(userId: string, id: string, trx: Executor = this.db): Promise<MemoryItemRecord | undefined> {
    return trx
      .selectFrom('memory_items')
      .select(ITEM_COLUMNS)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async insert(item: MemoryItemRecord, trx: Executor = this.db): Promise<void> {
    await trx.insertInto('memory_items').values(item).execute();
  }

  /**
   * Inserts `item` unless its user already holds `max` items; false when full. One statement whose
   * count and insert are atomic on SQLite (one writer); on PostgreSQL the user's transaction-scoped
   * advisory lock first, so parallel adds (two processes included) cannot pass the cap together.
   */
  async insertWithin(item: MemoryItemRecord, max: number, trx: Executor): Promise<boolean> {
    await lockOwner(trx, this.kind, `memory:${item.user_id}`);
    const columns = Object.keys(item) as Array<keyof MemoryItemRecord>;
    const result = await sql`
      INSERT INTO memory_items (${sql.join(columns.map((c) => sql.ref(c)))})
      SELECT ${sql.join(columns.map((c) => sql`${item[c]}`))}
      WHERE (SELECT count(*) FROM memory_items WHERE user_id = ${item.user_id}) < ${max}`.execute(trx);
    return Number(result.numAffectedRows ?? 0) > 0;
  }

  async update(
    userId: string,
    id: string,
    values: { text?: string; pinned?: number; updated_at: string },
    trx: Executor = this.db,
  ): Promise<boolean> {
    const result = await trx
      .updateTable('memory_items')
      .set(values)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(userId: string, ids: string[], trx: Executor = this.db): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await trx
      .deleteFrom('memory_items')
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async deleteItemsOf(userId: string, trx: Executor = this.db): Promise<number> {
    const result = await trx.deleteFrom('memory_items').where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** `user.deleting`: the items and the settings row. */
  async deleteAllOf(userId: string, trx: Executor): Promise<void> {
    await this.deleteItemsOf(userId, trx);
    await trx.deleteFrom('memory_settings').where('user_id', '=', userId).execute();
  }

  /**
   * The items that apply at `place`: pinned ones first, then the newest (the index's order); at most
   * `limit`, and only as far as `budget` tokens reach — the running sum of each item's cost (its
   * tokens, `ceil(length / 4)`, plus 2) stops after the first item that crosses it, so a send reads
   * the few rows its section can hold, not a page of them.
   */
  async applicable(userId: string, place: MemoryPlace, limit: number, budget: number): Promise<MemoryItemRecord[]> {
    const { rows } = await sql<MemoryItemRecord>`${this.listedQuery(userId, place, limit, budget)}`.execute(this.db);
    return rows;
  }

  /**
   * One reply's reading in one statement (issue #44: one round trip per send): the items
   * `applicable` lists (`listed`) and the best `matchesMax` full-text matches to `words` that
   * apply at `place` (`matches`), each in its order.
   */
  async forReply(
    userId: string,
    place: MemoryPlace,
    words: string[],
    limits: { listed: number; matches: number; budget: number },
  ): Promise<{ listed: MemoryItemRecord[]; matches: MemoryItemRecord[] }> {
    if (words.length === 0)
      return { listed: await this.applicable(userId, place, limits.listed, limits.budget), matches: [] };
    const listed = this.listedQuery(userId, place, limits.listed, limits.budget);
    const columns = sql.raw(ITEM_COLUMNS.join(', '));
    const { rows } = await sql<MemoryItemRecord & { part: number }>`
      WITH listed AS (${listed}), matched AS (${this.matchQuery(userId, words, limits.matches, place)})
      SELECT 0 AS part, ${columns} FROM listed
      UNION ALL
      SELECT 1 AS part, ${columns} FROM matched`.execute(this.db);
    const result = { listed: [] as MemoryItemRecord[], matches: [] as MemoryItemRecord[] };
    for (const { part, ...row } of rows) (Number(part) === 0 ? result.listed : result.matches).push(row);
    return result;
  }

  /** `applicable`'s statement, ordered (both engines emit UNION ALL's parts in their CTEs' order; tests check it). */
  private listedQuery(userId: string, place: MemoryPlace, limit: number, budget: number) {
    const columns = sql.raw(ITEM_COLUMNS.join(', '));
    const cost = sql`((length(text) + 3) / 4 + 2)`;
    return sql`
      SELECT ${columns} FROM (
        SELECT ${columns}, SUM(${cost}) OVER (
          ORDER BY pinned DESC, updated_at DESC, id DESC ROWS UNBOUNDED PRECEDING) - ${cost} AS before
        FROM memory_items
        WHERE user_id = ${userId} AND (scope = 'user'
          OR (scope = 'persona' AND persona_id = ${place.personaId})
          OR (scope = 'chat' AND chat_id = ${place.chatId}))
        ORDER BY pinned DESC, updated_at DESC, id DESC
        LIMIT ${limit}
      ) listed
      WHERE before < ${budget}
      ORDER BY pinned DESC, updated_at DESC, id DESC`;
  }

  /**
   * The user's items best matching any of `words` (letters and digits only, so never an operator
   * of the engines' query languages), best first; with `place`, only the items that apply there.
   */
  async matching(userId: string, words: string[], limit: number, place?: MemoryPlace): Promise<MemoryItemRecord[]> {
    if (words.length === 0) return [];
    const { rows } = await sql<MemoryItemRecord>`${this.matchQuery(userId, words, limit, place)}`.execute(this.db);
    return rows;
  }

  /** The match statement (public for the tests that read its plan). */
  matchQuery(userId: string, words: string[], limit: number, place?: MemoryPlace) {
    const applies = place
      ? sql`AND (m.scope = 'user' OR (m.scope = 'persona' AND m.persona_id = ${place.personaId})
          OR (m.scope = 'chat' AND m.chat_id = ${place.chatId}))`
      : sql``;
    const columns = sql.raw(ITEM_COLUMNS.map((c) => `m.${c}`).join(', '));
    if (this.kind === 'postgres') {
      // The query inline (not a joined row): the planner then reads the (user_id, document) GIN index.
      const query = sql`websearch_to_tsquery('english', ${words.join(' or ')})`;
      return sql`
        SELECT ${columns} FROM memory_items m
        WHERE m.user_id = ${userId} AND m.document @@ ${query} ${applies}
        ORDER BY ts_rank(m.document, ${query}) DESC, m.id DESC
        LIMIT ${limit}`;
    }
    // The user's own rows inside the index (migration 0035), the words in the text column only;
    // ranked on the text alone (every candidate matches the user's token alike).
    const owner = `"${userId.replace(/"/g, '""')}"`;
    const match = `user_id : ${owner} AND text : (${words.map((w) => `"${w}"`).join(' OR ')})`;
    return sql`
      SELECT ${columns} FROM memory_items_fts f
      JOIN memory_items m ON m.seq = f.rowid
      WHERE memory_items_fts MATCH ${match} AND m.user_id = ${userId} ${applies}
      ORDER BY bm25(memory_items_fts, 1.0, 0.0), m.id DESC
      LIMIT ${limit}`;
  }
}
