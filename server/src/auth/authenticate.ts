import type { SessionRow } from '../db/schema.js';
import { hashToken } from './tokens.js';
import type { User, UserLookup } from './user.js';

/** What authentication reads of the sessions (accounts' SessionRepository is one). */
export interface SessionLookup {
  findActiveByTokenHash(tokenHash: string): Promise<SessionRow | undefined>;
  touch(id: string): Promise<void>;
}

/** Who is signed in: the domain user, read once when the token is checked, and the login session. */
export interface Principal {
  user: User;
  sessionId: string;
}

const DAY_MS = 24 * 60 * 60_000;

/** How long a login session lives: unused (idle) and in all (absolute), in days. */
export interface SessionLifetimes {
  idleDays: number;
  maxDays: number;
}

/** True when a session is past its idle or absolute lifetime (also the image proxy's links, issue #40). */
export function sessionExpired(
  session: { created_at: string; last_used_at: string },
  lifetimes: SessionLifetimes,
  now = Date.now(),
): boolean {
  return (
    Date.parse(session.last_used_at) < now - lifetimes.idleDays * DAY_MS ||
    Date.parse(session.created_at) < now - lifetimes.maxDays * DAY_MS
  );
}

/** Resolves a bearer token to its user and session; undefined when unknown, revoked or expired. */
export class Authenticator {
  constructor(
    private readonly sessions: SessionLookup,
    private readonly users: UserLookup,
    private readonly lifetimes: SessionLifetimes = { idleDays: 30, maxDays: 365 },
  ) {}

  async fromToken(token: string | undefined | null): Promise<Principal | undefined> {
    if (!token || token.length > 200) return undefined;
    const session = await this.sessions.findActiveByTokenHash(hashToken(token));
    if (!session || sessionExpired(session, this.lifetimes)) return undefined;
    const user = await this.users.findById(session.user_id);
    // A suspended account's sessions were revoked; one made since (a password reset) does not count either.
    if (!user || user.suspendedAt) return undefined;
    // Best effort: a failed touch must not fail the request.
    void this.sessions.touch(session.id).catch(() => undefined);
    return { user, sessionId: session.id };
  }
}
