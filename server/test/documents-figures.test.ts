import type { DocumentFigures } from '@neura/contract';
import { makePdf } from '@neura/test-kit/documents';
import { uploadFile } from '@neura/test-kit/images';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/accounts.js';

/** The console shows document storage per persona too (issue #45): the room its knowledge files take. */
describe("the console's document storage per persona", () => {
  let t: TestApp;

  const upload = async (user: TestUser, text: string, name: string) => {
    const res = await uploadFile(`${t.url}${t.apiPrefix}`, user.token, await makePdf([[text]]), {
      filename: name,
      type: 'application/pdf',
    });
    return { id: String(res.body.id), size: Number(res.body.size) };
  };

  beforeAll(async () => {
    t = await startTestApp({});
  });
  afterAll(() => t.stop());

  it("should list each persona's knowledge files with their size, biggest first, and none of a deleted persona", async () => {
    const admin = await t.seed.user({ password: null });
    await t.seed.updateUser(admin.id, { role: 'admin' });
    const maker = await t.seed.user();
    const a = await upload(maker, 'Espresso costs two euros.', 'menu.pdf');
    const b = await upload(maker, 'Cappuccino costs three euros and comes with a biscuit.', 'prices.pdf');
    const make = async (name: string, knowledge: string[]) => {
      const body = { name, instructions: 'Answer from the files.', visibility: 'private', knowledge };
      return String((await call(t, 'POST', '/users/me/personas', body, { token: maker.token })).body.id);
    };
    const barista = await make('Barista', [a.id, b.id]);
    const small = await make('Small', [a.id]);
    const gone = await make('Gone', [b.id]);
    expect((await call(t, 'DELETE', `/users/me/personas/${gone}`, undefined, { token: maker.token })).status).toBe(200);

    const figures = (await call(t, 'GET', '/admin/documents', undefined, { token: admin.token }))
      .body as DocumentFigures;
    expect(figures.storage.personas).toEqual([
      { personaId: barista, name: 'Barista', bytes: a.size + b.size, documents: 2 },
      { personaId: small, name: 'Small', bytes: a.size, documents: 1 },
    ]);
    expect((await call(t, 'GET', '/admin/documents', undefined, { token: maker.token })).status).toBe(403);
  });
});
