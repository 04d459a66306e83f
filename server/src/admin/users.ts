import { type User, userFromRow } from '../auth/user.js';
import { cliActor } from './console-commands.js';
import type { AdminPort } from './port.js';

/** What the admin CLI does to users, through accounts' and entitlements' admin operations (audited). */
async function findUser(admin: AdminPort, email: string): Promise<User> {
  const row = await admin.findUserByEmail(email.trim().toLowerCase());
  if (!row) throw new Error(`No user with the email address ${email}`);
  return userFromRow(row);
}

/**
 * Grants through accounts' admin service (CreditService: ledger + balance + `credits.changed`, and
 * an audit line); returns the new balance.
 */
export async function adminGrantCredits(admin: AdminPort, email: string, amount: number): Promise<number> {
  const user = await findUser(admin, email);
  return admin.users.adjustCredits(cliActor(), user.id, amount);
}

/** Extends Pro by `days` from the later of now and the current expiry (audited); returns the new expiry. */
export async function adminSetPro(admin: AdminPort, email: string, days: number): Promise<string> {
  const user = await findUser(admin, email);
  return admin.pro.givePro(cliActor(), user.id, days);
}
