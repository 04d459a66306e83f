import { randomBytes } from 'node:crypto';
import { fromJson, toJson } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import type { Services } from '../services.js';

/** What the admin CLI does to users (kept out of the HTTP services: operators only). */
async function findUser(services: Services, email: string): Promise<UserRow> {
  const user = await services.users.findByEmail(email.trim().toLowerCase());
  if (!user) throw new Error(`No user with the email address ${email}`);
  return user;
}

export async function adminGrantCredits(services: Services, email: string, amount: number): Promise<number> {
  const user = await findUser(services, email);
  const key = `admin:${user.id}:${Date.now()}:${randomBytes(4).toString('hex')}`;
  await services.users.grantCredits(user.id, amount, 'admin-grant', key);
  return (await findUser(services, email)).credits;
}

/** Extends Pro by `days` from the later of now and the current expiry; returns the new expiry. */
export async function adminSetPro(services: Services, email: string, days: number): Promise<string> {
  const user = await findUser(services, email);
  const current = user.pro_expiry ? Date.parse(user.pro_expiry) : 0;
  const expiry = new Date(Math.max(Date.now(), current) + days * 86_400_000).toISOString();
  await services.users.update(user.id, { pro_expiry: expiry });
  return expiry;
}

export async function adminSetFlag(services: Services, email: string, flag: string, on: boolean): Promise<string[]> {
  const user = await findUser(services, email);
  const flags = new Set(fromJson<string[]>(user.flags, []));
  if (on) flags.add(flag);
  else flags.delete(flag);
  const list = [...flags].sort();
  await services.users.update(user.id, { flags: toJson(list) });
  return list;
}
