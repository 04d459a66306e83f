import type { UserRow } from '../db/schema.js';
import type { SessionRepository } from './session-repository.js';
import { hashToken } from './tokens.js';
import type { UserRepository } from './user-repository.js';

export interface Principal {
  user: UserRow;
  sessionId: string;
}

/** Resolves a bearer token to its user and session; undefined when unknown or revoked. */
export class Authenticator {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly users: UserRepository,
  ) {}

  async fromToken(token: string | undefined | null): Promise<Principal | undefined> {
    if (!token || token.length > 200) return undefined;
    const session = await this.sessions.findActiveByTokenHash(hashToken(token));
    if (!session) return undefined;
    const user = await this.users.findById(session.user_id);
    // A suspended account's sessions were revoked; one made since (a password reset) does not count either.
    if (!user || user.suspended_at) return undefined;
    // Best effort: a failed touch must not fail the request.
    void this.sessions.touch(session.id).catch(() => undefined);
    return { user, sessionId: session.id };
  }
}
