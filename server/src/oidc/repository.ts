import type { Selectable } from 'kysely';
import { type Db, type Executor, inTransaction } from '../db/database.js';
import type { OidcFlowsTable, OidcIdentitiesTable, OidcTicketsTable } from '../db/schema/oidc.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';

export type OidcFlowRow = Selectable<OidcFlowsTable>;
export type OidcTicketRow = Selectable<OidcTicketsTable>;
export type OidcIdentityRow = Selectable<OidcIdentitiesTable>;

/**
 * The only writer of `oidc_identities`, `oidc_flows` and `oidc_tickets`. Flows and tickets are
 * taken with a DELETE: of two racing callbacks (a replayed state) only one gets the row.
 */
export class OidcRepository {
  constructor(
    private readonly db: Db,
    private readonly kind: 'sqlite' | 'postgres' = 'sqlite',
  ) {}

  async saveFlow(row: OidcFlowRow): Promise<void> {
    await this.db.deleteFrom('oidc_flows').where('expires_at', '<', nowIso()).execute();
    await this.db.insertInto('oidc_flows').values(row).execute();
  }

  /** The flow of this state, removed (used once); undefined when unknown, used or expired. */
  async takeFlow(stateHash: string): Promise<OidcFlowRow | undefined> {
    const row = await this.db
      .selectFrom('oidc_flows')
      .selectAll()
      .where('state_hash', '=', stateHash)
      .executeTakeFirst();
    if (!row) return undefined;
    const gone = await this.db.deleteFrom('oidc_flows').where('state_hash', '=', stateHash).executeTakeFirst();
    if (Number(gone.numDeletedRows) !== 1 || row.expires_at < nowIso()) return undefined;
    return row;
  }

  async saveTicket(row: OidcTicketRow): Promise<void> {
    await this.db.deleteFrom('oidc_tickets').where('expires_at', '<', nowIso()).execute();
    await this.db.insertInto('oidc_tickets').values(row).execute();
  }

  /** A live ticket, left in place (the invite and confirm pages read it before it is used). */
  async findTicket(ticketHash: string): Promise<OidcTicketRow | undefined> {
    const row = await this.db
      .selectFrom('oidc_tickets')
      .selectAll()
      .where('ticket_hash', '=', ticketHash)
      .executeTakeFirst();
    return row && row.expires_at >= nowIso() ? row : undefined;
  }

  /** Uses the ticket up (in the transaction that acts on it); false when another call used it first. */
  async takeTicket(ticketHash: string, trx: Executor = this.db): Promise<boolean> {
    const gone = await trx.deleteFrom('oidc_tickets').where('ticket_hash', '=', ticketHash).executeTakeFirst();
    return Number(gone.numDeletedRows) === 1;
  }

  findIdentity(providerId: string, subject: string): Promise<OidcIdentityRow | undefined> {
    return this.db
      .selectFrom('oidc_identities')
      .selectAll()
      .where('provider_id', '=', providerId)
      .where('subject', '=', subject)
      .executeTakeFirst();
  }

  async link(
    userId: string,
    identity: { providerId: string; subject: string; email: string },
    trx: Executor = this.db,
  ): Promise<void> {
    await trx
      .insertInto('oidc_identities')
      .values({
        id: newId(),
        user_id: userId,
        provider_id: identity.providerId,
        subject: identity.subject,
        email: identity.email,
        created_at: nowIso(),
      })
      .execute();
  }

  /** The user's linked identities, the oldest first. */
  listOf(userId: string): Promise<OidcIdentityRow[]> {
    return this.db
      .selectFrom('oidc_identities')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  /**
   * Unlinks one of the user's identities unless it is their last way to sign in (`otherWays`:
   * a password or a passkey). The user's identity rows are locked first (PostgreSQL; SQLite
   * writes one at a time), so two unlinks at once cannot both remove "one of two".
   */
  async unlink(userId: string, id: string, otherWays: boolean): Promise<'unlinked' | 'missing' | 'last'> {
    return inTransaction(this.db, async (trx) => {
      const query = trx.selectFrom('oidc_identities').select('id').where('user_id', '=', userId);
      const ids = (await (this.kind === 'postgres' ? query.forUpdate() : query).execute()).map((r) => r.id);
      if (!ids.includes(id)) return 'missing';
      if (!otherWays && ids.length === 1) return 'last';
      await trx.deleteFrom('oidc_identities').where('id', '=', id).where('user_id', '=', userId).execute();
      return 'unlinked';
    });
  }

  /** The user's identities and tickets go with the account (in its deletion's transaction). */
  async deleteAllOf(userId: string, trx: Executor = this.db): Promise<void> {
    await trx.deleteFrom('oidc_tickets').where('user_id', '=', userId).execute();
    await trx.deleteFrom('oidc_identities').where('user_id', '=', userId).execute();
  }
}
