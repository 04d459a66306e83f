import { makePdf } from '@neura/test-kit/documents';
import { uploadFile } from '@neura/test-kit/images';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { readTarGz } from '@neura/test-kit/tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/accounts.js';

/** Documents in "Download my data" (issue #45): listed by name and pages, their bytes under their own extension. */
describe('documents in the data archive', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({});
  });
  afterAll(() => t.stop());

  it("should list each document with its name and pages, keep it as .pdf, and give a persona's knowledge", async () => {
    const user = await t.seed.user();
    const pdf = await makePdf([['Roses need pruning in March.'], ['And feeding in May.']]);
    const up = await uploadFile(`${t.url}${t.apiPrefix}`, user.token, pdf, {
      filename: 'roses.pdf',
      type: 'application/pdf',
    });
    const id = String(up.body.id);
    const persona = {
      name: 'Gardener',
      instructions: 'Answer garden questions.',
      visibility: 'private',
      knowledge: [id],
    };
    expect((await call(t, 'POST', '/users/me/personas', persona, { token: user.token })).status).toBe(201);

    const entries = readTarGz(await t.drive.archives.buildNow(user.id));
    const read = (name: string) => JSON.parse(entries.get(name)?.toString('utf8') ?? 'null');
    expect(read('files/files.json')).toEqual([
      expect.objectContaining({ id, name: 'roses.pdf', pages: 2, mime_type: 'application/pdf', purpose: 'knowledge' }),
    ]);
    expect(entries.get(`files/${id}.pdf`)?.equals(pdf)).toBe(true);
    expect(JSON.parse(read('personas.json')[0].knowledge)).toEqual([id]);
  });
});
