import type { CustomPersona, PersonaReviewItem } from '@neura/contract';
import { makePdf } from '@neura/test-kit/documents';
import { uploadFile } from '@neura/test-kit/images';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/accounts.js';

/** A public persona's knowledge goes through the same review as its texts (issue #45). */
describe('persona knowledge review', () => {
  let t: TestApp;
  let api: string;
  let admin: TestUser;

  const upload = async (user: TestUser, pages: string[][], filename: string) => {
    const res = await uploadFile(api, user.token, await makePdf(pages), { filename, type: 'application/pdf' });
    expect(res.body.status).toBe('ready');
    return String(res.body.id);
  };
  const queue = async () =>
    (await call(t, 'GET', '/admin/persona-reviews', undefined, { token: admin.token })).body
      .items as PersonaReviewItem[];

  beforeAll(async () => {
    t = await startTestApp({});
    api = `${t.url}${t.apiPrefix}`;
    admin = await t.seed.user({ password: null });
    await t.seed.updateUser(admin.id, { role: 'admin' });
  });
  afterAll(() => t.stop());

  it("should show the reviewer each knowledge document's name, pages and text, and send a knowledge change back to review", async () => {
    const maker = await t.seed.user();
    // A long page: several passages, joined back without their shared edges.
    const words = Array.from({ length: 400 }, (_, i) => `word${i}`);
    const lines = Array.from({ length: 40 }, (_, l) => words.slice(l * 10, l * 10 + 10).join(' '));
    const menu = await upload(maker, [['Espresso costs two euros.'], lines], 'menu.pdf');
    const pageTwo = (text = '') => text.split('\n\n')[1]?.match(/word\d+/g);
    const body = { name: 'Barista', instructions: 'Answer coffee questions.', visibility: 'public', knowledge: [menu] };
    const made = await call(t, 'POST', '/users/me/personas', body, { token: maker.token });
    expect(made.body).toMatchObject({ reviewState: 'pending', published: false });
    const id = String(made.body.id);

    const item = (await queue()).find((i) => i.persona.id === id);
    expect(item?.knowledge).toEqual([
      { id: menu, name: 'menu.pdf', pages: 2, status: 'ready', text: expect.any(String), truncated: false },
    ]);
    // Page by page; every word once, in order (the passages' shared edges are not repeated).
    expect(item?.knowledge?.[0]?.text.startsWith('Espresso costs two euros.\n\n')).toBe(true);
    expect(pageTwo(item?.knowledge?.[0]?.text)).toEqual(words);

    const approved = await call(t, 'POST', `/admin/persona-reviews/${id}/approve`, undefined, { token: admin.token });
    expect(approved.body).toMatchObject({ reviewState: 'approved', published: true });

    // A new knowledge file is a change of what the persona says: back to review, out of the catalog.
    const prices = await upload(maker, [['Cappuccino costs three euros.']], 'prices.pdf');
    const edited = await call(
      t,
      'PATCH',
      `/users/me/personas/${id}`,
      { knowledge: [menu, prices] },
      { token: maker.token },
    );
    expect(edited.body).toMatchObject({ reviewState: 'pending', published: false });
    const again = (await queue()).find((i) => i.persona.id === id);
    expect(again?.knowledge?.map((k) => k.name)).toEqual(['menu.pdf', 'prices.pdf']);
    expect(again?.knowledge?.[1]?.text).toBe('Cappuccino costs three euros.');

    // An edit that leaves the knowledge as it is keeps the approval.
    await call(t, 'POST', `/admin/persona-reviews/${id}/approve`, undefined, { token: admin.token });
    const same = await call(
      t,
      'PATCH',
      `/users/me/personas/${id}`,
      { knowledge: [menu, prices] },
      { token: maker.token },
    );
    expect(same.body as CustomPersona).toMatchObject({ reviewState: 'approved', published: true });
  });

  it('should cut a long knowledge text for the reviewer and say so', async () => {
    const maker = await t.seed.user();
    const page = Array.from(
      { length: 50 },
      () => 'The harbour opens at dawn and closes at dusk every day of the year.',
    );
    const book = await upload(
      maker,
      Array.from({ length: 8 }, () => page),
      'book.pdf',
    );
    const body = {
      name: 'Harbour',
      instructions: 'Answer harbour questions.',
      visibility: 'public',
      knowledge: [book],
    };
    const made = await call(t, 'POST', '/users/me/personas', body, { token: maker.token });
    const [doc] = (await queue()).find((i) => i.persona.id === made.body.id)?.knowledge ?? [];
    expect(doc).toMatchObject({ name: 'book.pdf', pages: 8, truncated: true });
    expect(doc?.text).toHaveLength(20_000);
  });
});
