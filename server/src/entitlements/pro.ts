import type { UserRow } from '../db/schema.js';

/**
 * Pro, read in one place: a user is Pro while `pro_expiry` lies in the future. Every feature that
 * gates on Pro (personas that require it, speech, chats, billing, the console) asks here.
 * (Its writes still live in accounts' UserRepository: `extendProExpiry`, `endProExpiry`.)
 */
export function isPro(row: Pick<UserRow, 'pro_expiry'>, now = Date.now()): boolean {
  return row.pro_expiry !== null && Date.parse(row.pro_expiry) > now;
}
