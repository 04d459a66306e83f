import type { Db, Executor } from '../db/database.js';
import { lockOwner } from '../db/owner-lock.js';
import type { NewPersona, PersonaRow } from '../db/schema.js';

/** The owner of a persona whose creator deleted their account (never a user id). */
export const DELETED_OWNER = 'deleted-account';
/** The name a persona of a deleted account keeps in other people's chats. */
export const DELETED_NAME = 'Deleted persona';

/** Where custom personas sort in the published catalog: after the operator's own. */
export const CUSTOM_SORT_ORDER = 100_000;

/**
 * The writer of people's own personas (rows of `personas` with an `owner_id`; the catalog's rows
 * are PersonaRepository's) and of `custom_persona_prices`.
 */
export class CustomPersonaRepository {
  constructor(
    private readonly db: Db,
    private readonly kind: 'sqlite' | 'postgres',
  ) {}

  /** The owner's personas that are not deleted, newest first. */
  listOwned(ownerId: string): Promise<PersonaRow[]> {
    return this.db
      .selectFrom('personas')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async countOwned(ownerId: string, trx: Executor = this.db): Promise<number> {
    const row = await trx
      .selectFrom('personas')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', ownerId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  findById(id: string, trx: Executor = this.db): Promise<PersonaRow | undefined> {
    return trx.selectFrom('personas').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A custom persona of this owner, not deleted. */
  findOwned(ownerId: string, id: string): Promise<PersonaRow | undefined> {
    return this.db
      .selectFrom('personas')
      .selectAll()
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /**
   * Inserts the persona unless its owner already has `max` (not deleted): the count and the insert
   * are one reservation (PostgreSQL: a per-owner transaction lock; SQLite runs one transaction at a
   * time), so a burst of creates cannot pass the limit. False when the limit was reached.
   */
  async insertWithinLimit(row: NewPersona & { owner_id: string }, max: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await lockOwner(trx, this.kind, `custom-personas:${row.owner_id}`);
      if ((await this.countOwned(row.owner_id, trx)) >= max) return false;
      await trx.insertInto('personas').values(row).execute();
      return true;
    });
  }

  /**
   * Runs `work` on the custom persona's current row in one transaction, the row locked until it
   * commits (PostgreSQL: SELECT … FOR UPDATE; SQLite runs one transaction at a time), so a change
   * computed from the row — publishing above all — follows its current state, never a stale read
   * (finding L1). undefined when there is no such persona (or `ownerId` is given and not its owner,
   * or it is deleted).
   */
  async withLockedRow<T>(
    id: string,
    ownerId: string | undefined,
    work: (row: PersonaRow, trx: Executor) => Promise<T>,
  ): Promise<T | undefined> {
    return this.db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom('personas')
        .selectAll()
        .where('id', '=', id)
        .where('owner_id', 'is not', null)
        .where('deleted_at', 'is', null);
      if (ownerId !== undefined) query = query.where('owner_id', '=', ownerId);
      const row = await (this.kind === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
      return row ? work(row, trx) : undefined;
    });
  }

  async update(id: string, changes: Partial<NewPersona>, trx: Executor = this.db): Promise<void> {
    await trx.updateTable('personas').set(changes).where('id', '=', id).where('owner_id', 'is not', null).execute();
  }

  /**
   * Removes deleted custom personas that no chat uses (L5): the one given, or every such one. A
   * chat cannot start with a deleted persona, so once the last chat with it is gone nothing can
   * need the row again. Answers the rows that went (their makers' knowledge goes next).
   */
  purgeDeleted(id?: string): Promise<Pick<PersonaRow, 'owner_id' | 'knowledge'>[]> {
    let query = this.db
      .deleteFrom('personas')
      .where('owner_id', 'is not', null)
      .where('deleted_at', 'is not', null)
      .where(({ exists, not, selectFrom }) =>
        not(exists(selectFrom('chats').select('chats.id').whereRef('chats.persona_id', '=', 'personas.id'))),
      );
    if (id !== undefined) query = query.where('id', '=', id);
    return query.returning(['owner_id', 'knowledge']).execute();
  }

  /** Public personas waiting for the operator, oldest first. */
  listPending(): Promise<PersonaRow[]> {
    return this.db
      .selectFrom('personas')
      .selectAll()
      .where('owner_id', 'is not', null)
      .where('deleted_at', 'is', null)
      .where('visibility', '=', 'public')
      .where('review_state', '=', 'pending')
      .orderBy('updated_at')
      .execute();
  }

  /**
   * Account deletion (inside its transaction; the user's own chats are gone by then): personas no
   * chat uses are deleted; the others stay as deleted, nameless rows with nothing of the creator
   * (no owner, texts or avatar), so other people's chats with them stay readable. Answers the
   * avatar keys to remove from the store.
   */
  async deleteAllOf(ownerId: string, at: string, trx: Executor): Promise<string[]> {
    const rows = await trx.selectFrom('personas').select(['id', 'avatar']).where('owner_id', '=', ownerId).execute();
    if (rows.length === 0) return [];
    await trx
      .deleteFrom('personas')
      .where('owner_id', '=', ownerId)
      .where(({ exists, not, selectFrom }) =>
        not(exists(selectFrom('chats').select('chats.id').whereRef('chats.persona_id', '=', 'personas.id'))),
      )
      .execute();
    await trx
      .updateTable('personas')
      .set({
        owner_id: DELETED_OWNER,
        name: DELETED_NAME,
        description: '',
        system_prompt: '',
        greeting: null,
        tagline: null,
        suggested_prompts: null,
        included_skills: '[]',
        avatar: null,
        model: null,
        review_state: null,
        published: 0,
        deleted_at: at,
        updated_at: at,
      })
      .where('owner_id', '=', ownerId)
      .execute();
    return rows.flatMap((r) => (r.avatar ? [r.avatar] : []));
  }

  /** The console's price overrides (model → credits per message). */
  async prices(trx: Executor = this.db): Promise<Map<string, number>> {
    const rows = await trx.selectFrom('custom_persona_prices').selectAll().execute();
    return new Map(rows.map((r) => [r.model, Number(r.price)]));
  }

  /**
   * Sets the console's price of a model and re-prices every custom persona on it (the `*` price:
   * every persona whose model has no price of its own), in one transaction.
   */
  async setPrice(model: string, price: number, at: string, repriced: (trx: Executor) => Promise<void>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('custom_persona_prices')
        .values({ model, price, updated_at: at })
        .onConflict((oc) => oc.column('model').doUpdateSet({ price, updated_at: at }))
        .execute();
      await repriced(trx);
    });
  }

  /** Sets `cost` on the custom personas of these models (null: personas with no model). */
  async setCostFor(models: Array<string | null>, cost: number, at: string, trx: Executor): Promise<void> {
    const named = models.filter((m): m is string => m !== null);
    const withNull = models.includes(null);
    if (named.length === 0 && !withNull) return;
    await trx
      .updateTable('personas')
      .set({ cost, updated_at: at })
      .where('owner_id', 'is not', null)
      .where('cost', '!=', cost)
      .where((eb) => {
        const ors = [];
        if (named.length > 0) ors.push(eb('model', 'in', named));
        if (withNull) ors.push(eb('model', 'is', null));
        return eb.or(ors);
      })
      .execute();
  }

  /** The models custom personas use (distinct, null included). */
  async modelsInUse(trx: Executor): Promise<Array<string | null>> {
    const rows = await trx
      .selectFrom('personas')
      .select('model')
      .distinct()
      .where('owner_id', 'is not', null)
      .execute();
    return rows.map((r) => r.model);
  }
}
