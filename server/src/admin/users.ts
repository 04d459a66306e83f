import { randomBytes } from 'node:crypto';
import { fromJson, toJson } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import type { AppModules } from '../modules.js';

/** What the admin CLI does to users (kept out of the HTTP services: operators only). */
async function findUser(modules: AppModules, email: string): Promise<UserRow> {
  const user = await modules.users.findByEmail(email.trim().toLowerCase());
  if (!user) throw new Error(`No user with the email address ${email}`);
  return user;
}

/** Grants through CreditService (ledger + balance + `credits.changed`); returns the new balance. */
export async function adminGrantCredits(modules: AppModules, email: string, amount: number): Promise<number> {
  const user = await findUser(modules, email);
  const key = `admin:${user.id}:${Date.now()}:${randomBytes(4).toString('hex')}`;
  const balance = await modules.credits.grant({ userId: user.id, amount, reason: 'admin-grant', key });
  if (balance === undefined) throw new Error(`No user with the email address ${email}`);
  return balance;
}

/** Extends Pro by `days` from the later of now and the current expiry; returns the new expiry. */
export async function adminSetPro(modules: AppModules, email: string, days: number): Promise<string> {
  const user = await findUser(modules, email);
  const current = user.pro_expiry ? Date.parse(user.pro_expiry) : 0;
  const expiry = new Date(Math.max(Date.now(), current) + days * 86_400_000).toISOString();
  await modules.users.update(user.id, { pro_expiry: expiry });
  return expiry;
}

export async function adminSetFlag(modules: AppModules, email: string, flag: string, on: boolean): Promise<string[]> {
  const user = await findUser(modules, email);
  const flags = new Set(fromJson<string[]>(user.flags, []));
  if (on) flags.add(flag);
  else flags.delete(flag);
  const list = [...flags].sort();
  await modules.users.update(user.id, { flags: toJson(list) });
  return list;
}
