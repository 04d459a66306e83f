import type { CustomPersona } from '@neura/contract';
import { makeImage } from '@neura/test-kit/images';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * L2 (issue #40): a custom avatar's address works only while the persona may be shown. Unlisted and
 * public: anyone with the address (an `<img>` sends no token); private: its maker alone (with the
 * bearer token), whoever kept the address from when it was shown; deleted: nobody.
 */
describe('custom persona avatars follow the persona’s visibility (L2)', () => {
  let t: TestApp;
  let maker: TestUser;
  let other: TestUser;

  const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser, body?: unknown) =>
    t.app.inject({
      method,
      url: `${t.apiPrefix}${url}`,
      headers: { authorization: `Bearer ${user.token}` },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  const avatar = (url: string, user?: TestUser) =>
    t.app.inject({ method: 'GET', url, headers: user ? { authorization: `Bearer ${user.token}` } : {} });

  /** An unlisted persona of `maker` with an uploaded avatar: its id and the avatar's address. */
  async function withAvatar(visibility: 'unlisted' | 'private'): Promise<{ id: string; url: string }> {
    const created = await call('POST', '/users/me/personas', maker, {
      name: 'Lantern',
      instructions: 'Light the way.',
      visibility,
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as CustomPersona;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await makeImage(16, 16))], { type: 'image/png' }), 'a.png');
    const res = await fetch(`${t.url}${t.apiPrefix}/users/me/personas/${id}/avatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${maker.token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    return { id, url: ((await res.json()) as CustomPersona).avatarUrl as string };
  }

  beforeAll(async () => {
    t = await startTestApp();
    maker = await t.seed.user();
    other = await t.seed.user();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('should stop serving the avatar to anyone but its maker once the persona turns private', async () => {
    const { id, url } = await withAvatar('unlisted');
    expect((await avatar(url)).statusCode).toBe(200);
    expect((await avatar(url, other)).statusCode).toBe(200);

    expect((await call('PATCH', `/users/me/personas/${id}`, maker, { visibility: 'private' })).statusCode).toBe(200);
    const anonymous = await avatar(url);
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json()).toMatchObject({ code: 'not-found', message: 'That persona is not available.' });
    expect((await avatar(url, other)).statusCode).toBe(404);
    expect((await avatar(url, maker)).statusCode).toBe(200);

    // Shown again: served again.
    expect((await call('PATCH', `/users/me/personas/${id}`, maker, { visibility: 'unlisted' })).statusCode).toBe(200);
    expect((await avatar(url)).statusCode).toBe(200);
  });

  it('should serve a private persona’s avatar to its maker only, and nobody’s once deleted', async () => {
    const { id, url } = await withAvatar('private');
    expect((await avatar(url)).statusCode).toBe(404);
    expect((await avatar(url, other)).statusCode).toBe(404);
    expect((await avatar(url, maker)).statusCode).toBe(200);
    expect((await call('DELETE', `/users/me/personas/${id}`, maker)).statusCode).toBe(200);
    expect((await avatar(url, maker)).statusCode).toBe(404);
  });
});
