import fs from 'node:fs';
import path from 'node:path';
import type { ArchiveJob, ShareCreated } from '@neura/contract';
import { makeImage, uploadFile } from '@neura/test-kit/images';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { readTarGz } from '@neura/test-kit/tar';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Every file under dir (relative paths). */
function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe('download my data and account deletion', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, user: TestUser | null, body?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: user ? { authorization: `Bearer ${user.token}` } : {},
      ...(body ? { payload: body } : {}),
    });

  /** A user with a chat (messages), an uploaded and a generated file, feedback, an order, a shared link and a persona. */
  async function fill(user: TestUser, word: string) {
    const chat = await t.seed.chat(user.id, 'default', { name: `${word} chat` });
    await t.seed.messages({ id: chat.id, userId: user.id }, [
      { role: 'user', content: `${word} question` },
      { role: 'assistant', content: `${word} answer`, cost: 1 },
    ]);
    const upload = await uploadFile(`${t.url}/api`, user.token, await makeImage(12, 12));
    expect(upload.status).toBe(201);
    const generated = await t.drive.files.saveResult(user.id, chat.id, {
      bytes: await makeImage(10, 10),
      mimeType: 'image/png',
    });
    expect(
      (await call('POST', '/feedback', user, { type: 'feedback', about: 'helpDocs.faq', message: `${word} feedback` }))
        .statusCode,
    ).toBeLessThan(300);
    expect((await call('POST', '/billing/checkout', user, { product: 'starter' })).statusCode).toBeLessThan(300);
    const share = (await call('POST', `/users/me/chats/${chat.id}/share`, user)).json() as ShareCreated;
    expect(
      (
        await call('POST', '/users/me/personas', user, {
          name: `${word} persona`,
          instructions: `${word} instructions`,
          visibility: 'private',
        })
      ).statusCode,
    ).toBe(201);
    return { chat, uploadId: (upload.body as { id: string }).id, generated, share };
  }

  beforeAll(async () => {
    t = await startTestApp();
    alice = await t.seed.user();
    bob = await t.seed.user();
  });
  afterAll(async () => {
    await t.stop();
  });

  it('should build an archive with the account, ledger, orders, chats with messages, files and feedback', async () => {
    const { chat, uploadId, generated } = await fill(alice, 'albatross');
    const start = await call('POST', '/users/me/archive', alice);
    expect(start.statusCode).toBe(202);
    let job = start.json() as ArchiveJob;
    for (let i = 0; i < 200 && job.status === 'building'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      job = (await call('GET', `/users/me/archive/${job.id}`, alice)).json() as ArchiveJob;
    }
    expect(job).toMatchObject({ status: 'ready', progress: 1 });
    expect((await call('GET', `/users/me/archive/${job.id}`, bob)).statusCode).toBe(404);
    expect((await call('GET', `/users/me/archive/${job.id}/download`, bob)).statusCode).toBe(404);

    const res = await call('GET', `/users/me/archive/${job.id}/download`, alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="neura-data-.*\.tar\.gz"/);
    const entries = readTarGz(res.rawPayload);
    const read = (name: string) => JSON.parse(entries.get(name)?.toString('utf8') ?? 'null');
    expect(read('account.json').account).toMatchObject({ id: alice.id, email: alice.email });
    expect(JSON.stringify(read('account.json'))).not.toContain('password_hash');
    expect(read('ledger.json').length).toBeGreaterThan(0);
    expect(read('orders.json').orders).toHaveLength(1);
    expect(read('feedback.json')[0].message).toBe('albatross feedback');
    expect(read('shares.json')).toHaveLength(1);
    expect(read('personas.json')).toMatchObject([
      { name: 'albatross persona', system_prompt: 'albatross instructions' },
    ]);
    const chatJson = read(`chats/${chat.id}.json`);
    expect(chatJson.messages.map((m: { content: string }) => m.content)).toEqual([
      'albatross question',
      'albatross answer',
    ]);
    expect(entries.get(`chats/${chat.id}.md`)?.toString()).toContain('albatross answer');
    expect(entries.has(`files/${uploadId}.png`)).toBe(true);
    expect(entries.has(`files/${generated.id}.png`)).toBe(true);
    expect(read('files/files.json')).toHaveLength(2);
    // Nothing of another user.
    await fill(bob, 'bonobo');
    const again = readTarGz(await t.drive.archives.buildNow(alice.id));
    for (const [, bytes] of again) expect(bytes.toString('latin1')).not.toContain('bonobo');
  });

  it('should leave no row and no file of a deleted account (every table and the file store listed)', async () => {
    const carol = await t.seed.user({ password: 'carol password 123' });
    const { chat } = await fill(carol, 'capybara');
    const keys = (await t.db.selectFrom('files').select('storage_key').where('user_id', '=', carol.id).execute()).map(
      (r) => r.storage_key,
    );
    expect(keys).toHaveLength(2);
    const filesDir = path.join(t.config.DATA_DIR, 'files');
    const before = listFiles(filesDir);
    const del = await call('DELETE', '/users/me', carol, { password: 'carol password 123' });
    expect(del.statusCode).toBe(200);

    const db = t.db;
    const tables =
      t.config.database.kind === 'postgres'
        ? (
            await sql<{
              name: string;
            }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(
              db,
            )
          ).rows
        : (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(db)).rows;
    expect(tables.map((r) => r.name)).toEqual(expect.arrayContaining(['users', 'messages', 'files', 'chat_shares']));
    const left: string[] = [];
    for (const { name } of tables) {
      const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(db);
      for (const row of rows) {
        const text = JSON.stringify(row, (_k, v) => (Buffer.isBuffer(v) ? v.toString('latin1') : v));
        if ([carol.id, carol.email, chat.id, 'capybara'].some((needle) => text.includes(needle)))
          left.push(`${name}: ${text.slice(0, 200)}`);
      }
    }
    expect(left).toEqual([]);
    const after = listFiles(filesDir);
    for (const key of keys) expect(after.some((f) => f.includes(key))).toBe(false);
    expect(after.length).toBe(before.length - 2);
    // Alice's data is untouched.
    expect(
      (await db.selectFrom('messages').select('id').where('user_id', '=', alice.id).execute()).length,
    ).toBeGreaterThan(0);
  });

  it('should answer 401 without a token and 404 for an unknown archive', async () => {
    expect((await call('POST', '/users/me/archive', null)).statusCode).toBe(401);
    expect((await call('GET', '/users/me/archive/nope', alice)).statusCode).toBe(404);
  });
});
