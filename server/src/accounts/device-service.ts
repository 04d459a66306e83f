import type { DeviceSession } from '@neura/contract';
import { type Principal, type SessionLifetimes, sessionExpired } from '../auth/authenticate.js';
import { notFound } from '../errors.js';
import type { EventBus } from '../lib/events.js';
import { describeUserAgent } from '../lib/user-agent.js';
import type { SessionRepository } from './session-repository.js';

export const DEVICE_MESSAGES = { missing: 'That device was not found.' } as const;

/**
 * The user's devices (issue #47): their live login sessions. Signing one out revokes it (its
 * token fails at once on every process: tokens are checked against the database) and
 * `session.revoked` drops its sockets on every process (through the Socket.IO adapter).
 */
export class DeviceService {
  constructor(
    private readonly sessions: Pick<SessionRepository, 'listActiveForUser' | 'revokeOfUser' | 'revokeAllForUser'>,
    private readonly events: EventBus,
    private readonly lifetimes: SessionLifetimes,
  ) {}

  async list(principal: Principal): Promise<DeviceSession[]> {
    const rows = await this.sessions.listActiveForUser(principal.user.id);
    return rows
      .filter((r) => !sessionExpired(r, this.lifetimes))
      .map((r) => ({
        id: r.id,
        createdAt: r.created_at,
        lastSeenAt: r.last_used_at,
        userAgent: r.user_agent,
        ip: r.ip,
        device: describeUserAgent(r.user_agent),
        current: r.id === principal.sessionId,
      }));
  }

  async signOut(principal: Principal, id: string): Promise<void> {
    if (!(await this.sessions.revokeOfUser(principal.user.id, id))) throw notFound(DEVICE_MESSAGES.missing);
    await this.events.emit('session.revoked', { sessionIds: [id] });
  }

  /** Signs out every device but this one; answers how many. */
  async signOutOthers(principal: Principal): Promise<number> {
    const ids = await this.sessions.revokeAllForUser(principal.user.id, principal.sessionId);
    if (ids.length > 0) await this.events.emit('session.revoked', { sessionIds: ids });
    return ids.length;
  }
}
