import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/accounts.js';
import { personaRecord } from './helpers/persona-record.js';

type Json = Record<string, unknown>;

const record = (id: string, overrides: Json = {}) => personaRecord(id, ['fun'], overrides);

const translations = {
  de: { name: 'Eule', description: 'Eine weise Eule.', greeting: 'Hallo!' },
  ja: { name: 'フクロウ' },
};

describe('persona translations (issue #43)', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.seed.user({ password: null });
    await t.seed.updateUser(admin.id, { role: 'admin' });
  });
  afterAll(() => t.stop());

  const catalogEntry = async (id: string) =>
    ((await call<Json[]>(t, 'GET', '/personas')).body as unknown as Json[]).find((p) => p.id === id);

  it('the console stores them and the catalog returns them; unknown locales and long names are refused', async () => {
    const id = `owl-${Date.now().toString(36)}`;
    const created = await call(t, 'POST', '/admin/personas', record(id, { translations }), { token: admin.token });
    expect(created.status).toBe(201);
    expect(await catalogEntry(id)).toMatchObject({ name: `Owl ${id}`, translations });

    for (const bad of [{ ko: { name: '부엉이' } }, { de: { name: 'x'.repeat(81) } }, { de: { nickname: 'x' } }]) {
      const res = await call(t, 'PUT', `/admin/personas/${id}`, record(id, { translations: bad }), {
        token: admin.token,
      });
      expect(res.status).toBe(400);
    }
    expect((await catalogEntry(id))?.translations).toEqual(translations);
  });

  it('an import carries them', async () => {
    const id = `owl-import-${Date.now().toString(36)}`;
    await t.drive.personas.importRecords([record(id, { translations: { fr: { name: 'Chouette' } } })]);
    expect((await catalogEntry(id))?.translations).toEqual({ fr: { name: 'Chouette' } });
    await expect(
      t.drive.personas.importRecords([record(id, { translations: { xx: { name: 'Nope' } } })]),
    ).rejects.toThrow(/Invalid persona/);
  });

  it('the builder stores them on a custom persona; an unknown locale is a 400', async () => {
    const user = await t.seed.user();
    const body = { name: 'Quill', instructions: 'You are Quill.', visibility: 'private', translations };
    const created = await call<Json>(t, 'POST', '/users/me/personas', body, { token: user.token, ip: '198.51.100.9' });
    expect(created.status).toBe(201);
    expect(created.body.translations).toEqual(translations);
    const bad = await call(
      t,
      'POST',
      '/users/me/personas',
      { ...body, translations: { tlh: { name: 'x' } } },
      {
        token: user.token,
        ip: '198.51.100.9',
      },
    );
    expect(bad.status).toBe(400);
  });

  it('a persona without translations has none', async () => {
    const id = `owl-plain-${Date.now().toString(36)}`;
    await call(t, 'POST', '/admin/personas', record(id), { token: admin.token });
    expect((await catalogEntry(id))?.translations).toBeUndefined();
  });
});
