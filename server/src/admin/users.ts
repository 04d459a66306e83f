import { type User, userFromRow } from '../auth/user.js';
import { toJson } from '../db/database.js';
import type { AppModules } from '../modules.js';
import { cliActor } from './console-commands.js';

/** What the admin CLI does to users (kept out of the HTTP services: operators only). */
async function findUser(modules: AppModules, email: string): Promise<User> {
  const row = await modules.users.findByEmail(email.trim().toLowerCase());
  if (!row) throw new Error(`No user with the email address ${email}`);
  return userFromRow(row);
}

/**
 * Grants through accounts' admin service (CreditService: ledger + balance + `credits.changed`, and
 * an audit line); returns the new balance.
 */
export async function adminGrantCredits(modules: AppModules, email: string, amount: number): Promise<number> {
  const user = await findUser(modules, email);
  return modules.userAdmin.adjustCredits(cliActor(), user.id, amount);
}

/** Extends Pro by `days` from the later of now and the current expiry (audited); returns the new expiry. */
export async function adminSetPro(modules: AppModules, email: string, days: number): Promise<string> {
  const user = await findUser(modules, email);
  return modules.proAdmin.givePro(cliActor(), user.id, days);
}

export async function adminSetFlag(modules: AppModules, email: string, flag: string, on: boolean): Promise<string[]> {
  const user = await findUser(modules, email);
  const flags = new Set(user.flags);
  if (on) flags.add(flag);
  else flags.delete(flag);
  const list = [...flags].sort();
  await modules.users.update(user.id, { flags: toJson(list) });
  return list;
}
