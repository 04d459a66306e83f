import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { generateToken, hashToken } from '../../src/accounts/tokens.js';
import { newId } from '../../src/lib/ids.js';
import { nowIso } from '../../src/lib/time.js';
import type { AppModules as Services } from '../../src/modules.js';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
  sessionId: string;
}

/** A verified user with a live session, written straight to the database (for tests of other features). */
export async function createTestUser(
  services: Services,
  overrides: { email?: string; credits?: number; proExpiry?: string | null; flags?: string[]; password?: string } = {},
): Promise<TestUser> {
  const id = newId();
  const email = overrides.email ?? `user-${randomBytes(4).toString('hex')}@example.com`;
  const password = overrides.password ?? 'correct horse battery staple';
  const now = nowIso();
  await services.users.insert({
    id,
    email,
    first_name: 'Test',
    last_name: 'User',
    password_hash: await hash(password, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 }),
    email_verified_at: now,
    referral_code: randomBytes(4).toString('hex').toUpperCase(),
    pro_expiry: overrides.proExpiry ?? null,
    flags: JSON.stringify(overrides.flags ?? []),
    credits: overrides.credits ?? 20,
    country: null,
    created_at: now,
    updated_at: now,
  });
  const token = generateToken();
  const session = await services.sessions.create(id, hashToken(token), 'test');
  return { id, email, password, token, sessionId: session.id };
}

/** A chat row written straight to the database (chat CRUD belongs to the chats feature). */
export async function createTestChat(
  services: Services,
  userId: string,
  personaId = 'default',
  overrides: { name?: string } = {},
): Promise<{ id: string }> {
  const id = newId();
  const now = nowIso();
  await services.db
    .insertInto('chats')
    .values({
      id,
      user_id: userId,
      persona_id: personaId,
      name: overrides.name ?? 'New Chat',
      last_message_at: null,
      preview: null,
      is_pinned: 0,
      is_archived: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id };
}
