import { createHash } from 'node:crypto';
import type { Executor } from '../db/database.js';
import type { AuthChallengesTable } from '../db/schema/security.js';
import { newId } from '../lib/ids.js';
import { isoIn, nowIso } from '../lib/time.js';

export type ChallengeKind = AuthChallengesTable['kind'];

/** Challenges are stored as their SHA-256 only. */
const challengeId = (challenge: string) => createHash('sha256').update(challenge).digest('hex');

export interface NewPasskey {
  userId: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
}

/** The only writer of `passkeys` and `auth_challenges`. */
export class PasskeyRepository {
  constructor(private readonly db: Executor) {}

  async saveChallenge(
    challenge: string,
    kind: ChallengeKind,
    userId: string | null,
    lifetimeMs: number,
  ): Promise<void> {
    const now = nowIso();
    // Expired challenges of anyone go as new ones come (they are never valid again).
    await this.db.deleteFrom('auth_challenges').where('expires_at', '<', now).execute();
    await this.db
      .insertInto('auth_challenges')
      .values({ id: challengeId(challenge), kind, user_id: userId, expires_at: isoIn(lifetimeMs), created_at: now })
      .execute();
  }

  /** Reads a live challenge without using it (a second factor may be wrong and tried again). */
  findChallenge(challenge: string, kind: ChallengeKind) {
    return this.db
      .selectFrom('auth_challenges')
      .selectAll()
      .where('id', '=', challengeId(challenge))
      .where('kind', '=', kind)
      .where('expires_at', '>', nowIso())
      .executeTakeFirst();
  }

  /** Uses a live challenge: true for the one request that took it (single use, across processes). */
  async takeChallenge(challenge: string, kind: ChallengeKind, userId: string | null): Promise<boolean> {
    let query = this.db
      .deleteFrom('auth_challenges')
      .where('id', '=', challengeId(challenge))
      .where('kind', '=', kind)
      .where('expires_at', '>', nowIso());
    if (userId) query = query.where('user_id', '=', userId);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async insert(p: NewPasskey): Promise<string> {
    const id = newId();
    await this.db
      .insertInto('passkeys')
      .values({
        id,
        user_id: p.userId,
        credential_id: p.credentialId,
        public_key: p.publicKey,
        counter: p.counter,
        transports: JSON.stringify(p.transports),
        name: p.name,
        created_at: nowIso(),
        last_used_at: null,
      })
      .execute();
    return id;
  }

  listForUser(userId: string) {
    return this.db
      .selectFrom('passkeys')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  findByCredentialId(credentialId: string) {
    return this.db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
  }

  /**
   * Records a sign-in: the new counter must be above the stored one (or both 0, for authenticators
   * that keep none), checked in the statement so parallel uses of a cloned key cannot both pass.
   */
  async recordUse(id: string, oldCounter: number, newCounter: number): Promise<boolean> {
    const result = await this.db
      .updateTable('passkeys')
      .set({ counter: newCounter, last_used_at: nowIso() })
      .where('id', '=', id)
      .where('counter', '=', oldCounter)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async rename(userId: string, id: string, name: string): Promise<boolean> {
    const result = await this.db
      .updateTable('passkeys')
      .set({ name })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async remove(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('passkeys')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** Account deletion: the user's rows, in its transaction. */
  async deleteAllOf(userId: string, trx: Executor): Promise<void> {
    await trx.deleteFrom('passkeys').where('user_id', '=', userId).execute();
    await trx.deleteFrom('auth_challenges').where('user_id', '=', userId).execute();
  }
}
