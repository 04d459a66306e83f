import type { Principal } from '../auth/authenticate.js';
import { AppError } from '../errors.js';
import type { SessionRepository } from './session-repository.js';

export const REAUTH_MESSAGE = 'Please confirm it’s you first: enter your password, a code or use a passkey.';

/**
 * Re-authentication (issue #47): removing a passkey, signing a device out and unlinking an identity
 * need a proof of the owner (a password, a passkey or a second-factor code) given within
 * REAUTH_MINUTES on this session — its sign-in, or a later `POST /users/me/reauth`.
 */
export class RecentAuth {
  constructor(
    private readonly sessions: Pick<SessionRepository, 'confirm' | 'lastProofAt'>,
    private readonly minutes: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws `auth:reauth-required` (403) unless the session's last proof is recent enough. */
  async require(principal: Principal): Promise<void> {
    const at = await this.sessions.lastProofAt(principal.sessionId);
    if (!at || this.now() - Date.parse(at) > this.minutes * 60_000) {
      throw new AppError('auth:reauth-required', REAUTH_MESSAGE);
    }
  }

  /** The owner just proved it was them on this session. */
  confirmed(principal: Principal): Promise<void> {
    return this.sessions.confirm(principal.sessionId);
  }
}
