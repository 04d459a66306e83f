import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const DAY = 24 * 60 * 60_000;

/** Issue #26, informational: sessions end after an idle and an absolute lifetime (configurable). */
describe('session lifetimes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SESSION_IDLE_DAYS: '7', SESSION_MAX_DAYS: '90' });
  });
  afterAll(async () => t?.stop());

  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: `${t.apiPrefix}/users/me`, headers: { authorization: `Bearer ${token}` } });
  const age = async (userId: string, values: { created_at?: string; last_used_at?: string }) =>
    t.db.updateTable('sessions').set(values).where('user_id', '=', userId).execute();

  it('should keep a session used within the idle lifetime', async () => {
    const user = await t.seed.user({ password: null });
    await age(user.id, { last_used_at: new Date(Date.now() - 6 * DAY).toISOString() });
    expect((await me(user.token)).statusCode).toBe(200);
  });

  it('should end a session unused for longer than SESSION_IDLE_DAYS', async () => {
    const user = await t.seed.user({ password: null });
    await age(user.id, { last_used_at: new Date(Date.now() - 8 * DAY).toISOString() });
    expect((await me(user.token)).statusCode).toBe(401);
  });

  it('should end a session older than SESSION_MAX_DAYS however often it is used', async () => {
    const user = await t.seed.user({ password: null });
    await age(user.id, { created_at: new Date(Date.now() - 91 * DAY).toISOString() });
    expect((await me(user.token)).statusCode).toBe(401);
  });
});
