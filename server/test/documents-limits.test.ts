import { makeDocx, makePdf } from '@neura/test-kit/documents';
import { uploadFile } from '@neura/test-kit/images';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentTexts } from '../src/documents/texts.js';
import { translateMessage } from '../src/i18n/catalog.js';

/** Documents' limits (issue #45): the per-user count (configuration, atomic) and bomb-like files. */
describe('document limits', () => {
  let t: TestApp;
  let api: string;
  const upload = (user: TestUser, bytes: Buffer, filename: string) =>
    uploadFile(api, user.token, bytes, { filename, type: 'application/octet-stream' });

  beforeAll(async () => {
    t = await startTestApp({ DOCUMENTS_MAX_PER_USER: '3', DOCUMENT_MAX_CHARS: '20000' });
    api = `${t.url}${t.apiPrefix}`;
  });
  afterAll(() => t.stop());

  it('should keep at most DOCUMENTS_MAX_PER_USER documents per user, even for uploads sent at once', async () => {
    const user = await t.seed.user();
    const other = await t.seed.user();
    const pdfs = await Promise.all(Array.from({ length: 6 }, (_, i) => makePdf([[`Note number ${i}`]])));
    const answers = await Promise.all(pdfs.map((pdf, i) => upload(user, pdf, `note-${i}.pdf`)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(3);
    for (const a of refused)
      expect(a).toMatchObject({
        status: 413,
        body: { code: 'file:quota-exceeded', message: documentTexts.tooMany(3) },
      });
    // The refused ones left nothing behind: three documents, three files.
    const docs = await t.db.selectFrom('documents').select('file_id').where('user_id', '=', user.id).execute();
    const files = await t.db.selectFrom('files').select('id').where('user_id', '=', user.id).execute();
    expect(docs).toHaveLength(3);
    expect(files.map((f) => f.id).sort()).toEqual(docs.map((d) => d.file_id).sort());
    // Another user's count is their own.
    expect((await upload(other, pdfs[0] as Buffer, 'mine.pdf')).status).toBe(201);
  });

  it('should say the document limit in every language', () => {
    for (const locale of ['es', 'de', 'fr', 'pt-BR', 'ja', 'ar'] as const)
      expect(translateMessage(documentTexts.tooMany(3), locale)).not.toBe(documentTexts.tooMany(3));
    expect(translateMessage(documentTexts.tooMany(3), 'de')).toContain('3');
  });

  it('should refuse bomb-like files (a tiny DOCX or text that holds too much text) with a clear message and stay up', async () => {
    const user = await t.seed.user();
    // ~1 MB of text compressed to a few kB: far past DOCUMENT_MAX_CHARS once unpacked.
    const bomb = await makeDocx(Array.from({ length: 2000 }, () => 'All work and no play. '.repeat(25)));
    expect(bomb.length).toBeLessThan(100_000);
    const docx = await upload(user, bomb, 'bomb.docx');
    expect(docx).toMatchObject({ status: 400, body: { code: 'file:invalid', message: documentTexts.tooBig } });
    const text = await upload(user, Buffer.from('word '.repeat(10_000)), 'long.txt');
    expect(text).toMatchObject({ status: 400, body: { message: documentTexts.tooBig } });
    // Nothing kept; the server still reads documents.
    expect(await t.db.selectFrom('documents').select('file_id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect((await upload(user, await makeDocx(['Still reading.']), 'ok.docx')).body.status).toBe('ready');
  });
});
