import { type Executor, toJson } from '../db/database.js';
import type { NewPersona, PersonaRow } from '../db/schema.js';

export class PersonaRepository {
  constructor(private readonly db: Executor) {}

  /** The published catalog: the operator's published personas and people's public, approved ones (issue #29). */
  listPublished(): Promise<PersonaRow[]> {
    return this.db
      .selectFrom('personas')
      .selectAll()
      .where('published', '=', 1)
      .where((eb) =>
        eb.or([
          eb('owner_id', 'is', null),
          eb.and([eb('visibility', '=', 'public'), eb('review_state', '=', 'approved'), eb('deleted_at', 'is', null)]),
        ]),
      )
      .orderBy('sort_order')
      .orderBy('name')
      .execute();
  }

  /** The operator's catalog, published or not (people's own personas, issue #29, are not in it). */
  listAll(): Promise<PersonaRow[]> {
    return this.db
      .selectFrom('personas')
      .selectAll()
      .where('owner_id', 'is', null)
      .orderBy('sort_order')
      .orderBy('name')
      .execute();
  }

  findById(id: string, trx: Executor = this.db): Promise<PersonaRow | undefined> {
    return trx.selectFrom('personas').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The persona of a one-persona chat, by the chat's id (a group chat, or a chat whose persona is
   * gone: none). A send reads it beside the chat instead of one round trip after it; the chat's
   * ownership is checked on the chat's own read.
   */
  ofChat(chatId: string): Promise<PersonaRow | undefined> {
    return this.db
      .selectFrom('personas')
      .innerJoin('chats', 'chats.persona_id', 'personas.id')
      .selectAll('personas')
      .where('chats.id', '=', chatId)
      .executeTakeFirst();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('personas')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Inserts or replaces a persona by id (import and seed). */
  async upsert(persona: NewPersona, trx: Executor = this.db): Promise<void> {
    const { id, created_at: _created, ...rest } = persona;
    await trx
      .insertInto('personas')
      .values(persona)
      .onConflict((oc) => oc.column('id').doUpdateSet(rest))
      .execute();
    void id;
  }

  /** A catalog persona's knowledge (issue #45): document ids the saving operator owns (checked by the caller). */
  async setKnowledge(id: string, ids: readonly string[], trx: Executor = this.db): Promise<void> {
    const knowledge = ids.length ? toJson([...new Set(ids)]) : null;
    await trx.updateTable('personas').set({ knowledge }).where('id', '=', id).where('owner_id', 'is', null).execute();
  }

  /** Points the persona at an uploaded avatar (a file-store key; null: the generated art). */
  async setAvatar(id: string, avatar: string | null, updatedAt: string, trx: Executor = this.db): Promise<void> {
    await trx.updateTable('personas').set({ avatar, updated_at: updatedAt }).where('id', '=', id).execute();
  }

  /** Publishes or unpublishes a persona of the catalog. */
  async setPublished(id: string, published: boolean, updatedAt: string, trx: Executor = this.db): Promise<void> {
    await trx
      .updateTable('personas')
      .set({ published: published ? 1 : 0, updated_at: updatedAt })
      .where('id', '=', id)
      .execute();
  }

  /** Gives each persona of `ids` its index there as its place in the catalog. */
  async setOrder(ids: readonly string[], updatedAt: string, trx: Executor = this.db): Promise<void> {
    for (const [i, id] of ids.entries()) {
      await trx.updateTable('personas').set({ sort_order: i, updated_at: updatedAt }).where('id', '=', id).execute();
    }
  }

  /** The newest update time, for the catalog's ETag. */
  async lastUpdated(): Promise<string> {
    const row = await this.db
      .selectFrom('personas')
      .select((eb) => [eb.fn.max('updated_at').as('t'), eb.fn.countAll<number>().as('n')])
      .executeTakeFirst();
    return `${row?.t ?? ''}:${row?.n ?? 0}`;
  }
}
