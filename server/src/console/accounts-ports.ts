import type { Executor } from '../db/database.js';
import type { UserRole, UserRow } from '../db/schema.js';

/**
 * What the console reads and changes of accounts' users: look up, suspend or lift, set the role,
 * delete. Accounts' UserRepository is one (modules.ts hands it in), so the console does not import
 * accounts' repositories; Pro and credits are written through entitlements/ and credits/.
 */
export interface ConsoleUsers {
  findById(id: string): Promise<UserRow | undefined>;
  findByEmail(email: string): Promise<UserRow | undefined>;
  update(id: string, changes: { suspended_at?: string | null; role?: UserRole }): Promise<void>;
  delete(id: string, trx: Executor): Promise<void>;
}

/** What the console does to accounts' login sessions (accounts' SessionRepository is one). */
export interface ConsoleSessions {
  /** Revokes every open session of the user; answers their ids (their sockets are then disconnected). */
  revokeAllForUser(userId: string): Promise<string[]>;
  activeIdsForUser(userId: string): Promise<string[]>;
}
