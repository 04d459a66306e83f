import fs from 'node:fs';
import path from 'node:path';
import { type FakeS3, startFakeS3 } from '@neura/test-kit/fakes/s3';
import { makeImage, rgbaOf, uploadFile } from '@neura/test-kit/images';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/accounts.js';
import { connected, record, waitFor } from './helpers/conversation.js';
import { connectSocket } from './helpers/socket.js';

/** Files (ARCHITECTURE.md §3 "Files"): POST /files, GET /files/{id}, removal with chat and account. */
describe('files', () => {
  let t: TestApp;
  let api: string;

  beforeAll(async () => {
    t = await startTestApp();
    api = `${t.url}${t.apiPrefix}`;
  });
  afterAll(() => t.stop());

  const filesDir = () => path.join(t.config.DATA_DIR, 'files');
  /** Stored bytes (the url secret file aside). */
  const storedBlobs = (): string[] =>
    fs.existsSync(filesDir())
      ? (fs.readdirSync(filesDir(), { recursive: true }) as string[]).filter(
          (f) => !f.startsWith('.') && fs.statSync(path.join(filesDir(), f)).isFile(),
        )
      : [];
  const rowsOf = (userId: string) => t.db.selectFrom('files').selectAll().where('user_id', '=', userId).execute();
  const get = (url: string, token?: string) =>
    fetch(url.startsWith('http') ? url : `${t.url}${url}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  describe('POST /files', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await t.seed.user();
    });

    it('should store a PNG and answer its id, signed url, type, size and pixel size', async () => {
      const png = await makeImage(40, 20);
      const res = await uploadFile(api, user.token, png);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        url: expect.stringMatching(new RegExp(`^${t.apiPrefix}/files/${res.body.id}\\?expires=\\d+&signature=`)),
        mimeType: 'image/png',
        size: expect.any(Number),
        width: 40,
        height: 20,
      });
      const [row] = (await rowsOf(user.id)).filter((r) => r.id === res.body.id);
      expect(row).toMatchObject({ mime_type: 'image/png', size: res.body.size, width: 40, height: 20, chat_id: null });
      expect(row?.sha256).toMatch(/^[0-9a-f]{64}$/);
    });

    it('should check the type by content, not by the name or the declared type', async () => {
      const jpeg = await makeImage(10, 10, { format: 'jpeg' });
      const res = await uploadFile(api, user.token, jpeg, { filename: 'x.png', type: 'image/png' });
      expect(res.status).toBe(201);
      expect(res.body.mimeType).toBe('image/jpeg');
    });

    it('should apply the EXIF orientation and strip the metadata', async () => {
      const jpeg = await makeImage(40, 20, { format: 'jpeg', orientation: 6 });
      expect((await sharp(jpeg).metadata()).orientation).toBe(6);
      const res = await uploadFile(api, user.token, jpeg, { type: 'image/jpeg', filename: 'p.jpg' });
      expect(res.status).toBe(201);
      expect([res.body.width, res.body.height]).toEqual([20, 40]);
      const stored = Buffer.from(await (await get(res.body.url)).arrayBuffer());
      const meta = await sharp(stored).metadata();
      expect([meta.width, meta.height]).toEqual([20, 40]);
      expect(meta.orientation).toBeUndefined();
      expect(meta.exif).toBeUndefined();
    });

    it('should refuse a file that is not an image with a 400, storing nothing', async () => {
      const other = await t.seed.user();
      const before = storedBlobs().length;
      const res = await uploadFile(api, other.token, Buffer.from('just some text, not a picture'), {
        filename: 'cat.png',
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'file:invalid',
        message: expect.stringContaining('PNG, JPEG, WebP or GIF'),
      });
      expect(await rowsOf(other.id)).toEqual([]);
      expect(storedBlobs()).toHaveLength(before);
    });

    it('should refuse a corrupt image with a 400, storing nothing', async () => {
      const other = await t.seed.user();
      const before = storedBlobs().length;
      const png = await makeImage(64, 64, { left: [1, 2, 3], right: [200, 100, 50] });
      const res = await uploadFile(api, other.token, png.subarray(0, Math.floor(png.length * 0.6)));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('file:invalid');
      expect(await rowsOf(other.id)).toEqual([]);
      expect(storedBlobs()).toHaveLength(before);
    });

    it('should refuse a file over 20 MB with a 413, storing nothing', async () => {
      const other = await t.seed.user();
      const before = storedBlobs().length;
      const png = await makeImage(8, 8);
      const big = Buffer.concat([png, Buffer.alloc(20 * 1024 * 1024 + 1)]);
      const res = await uploadFile(api, other.token, big);
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ code: 'file:too-large', message: 'The file is larger than 20 MB.' });
      expect(await rowsOf(other.id)).toEqual([]);
      expect(storedBlobs()).toHaveLength(before);
    });

    it('should refuse a mask that is not a PNG', async () => {
      const res = await uploadFile(api, user.token, await makeImage(8, 8, { format: 'jpeg' }), { purpose: 'mask' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'file:invalid', message: 'A mask must be a PNG image.' });
    });

    it('should refuse a body that is not multipart, and a multipart body with no file', async () => {
      expect((await call(t, 'POST', '/files', { file: 'x' }, { token: user.token })).status).toBe(400);
      const form = new FormData();
      form.append('purpose', 'attachment');
      const res = await fetch(`${api}/files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}` },
        body: form,
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('file:invalid');
    });

    it('should need a signed-in user', async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await makeImage(4, 4))], { type: 'image/png' }), 'a.png');
      const res = await fetch(`${api}/files`, { method: 'POST', body: form });
      expect(res.status).toBe(401);
    });
  });

  describe('GET /files/{id}', () => {
    it('should serve the owner by bearer and anyone with the signed url; 404 for everyone else', async () => {
      const [owner, stranger] = await Promise.all([t.seed.user(), t.seed.user()]);
      const png = await makeImage(12, 6, { left: [0, 0, 255] });
      const { body: file } = await uploadFile(api, owner.token, png);
      const plain = `${t.apiPrefix}/files/${file.id}`;

      const byOwner = await get(plain, owner.token);
      expect(byOwner.status).toBe(200);
      expect(byOwner.headers.get('content-type')).toBe('image/png');
      expect((await rgbaOf(Buffer.from(await byOwner.arrayBuffer()))).width).toBe(12);

      const signed = await get(file.url);
      expect(signed.status).toBe(200);
      expect(Buffer.from(await signed.arrayBuffer()).length).toBe(file.size);

      const notFound = { code: 'not-found', message: 'That file was not found.' };
      const byStranger = await get(plain, stranger.token);
      expect(byStranger.status).toBe(404);
      expect(await byStranger.json()).toMatchObject(notFound);
      expect((await get(plain)).status).toBe(404);
      expect((await get(file.url.replace(/signature=.../, 'signature=AAA'))).status).toBe(404);
      // The signature covers the expiry: a later expiry with the same signature is refused.
      const later = file.url.replace(/expires=(\d+)/, (_: string, n: string) => `expires=${Number(n) + 3600}`);
      expect((await get(later)).status).toBe(404);
      // Another file's signature does not open this one.
      const { body: second } = await uploadFile(api, owner.token, png);
      const swapped = `${plain}?${second.url.split('?')[1]}`;
      expect((await get(swapped)).status).toBe(404);
      expect((await get(`${t.apiPrefix}/files/no-such-file`, owner.token)).status).toBe(404);
    });
  });

  describe('removal', () => {
    it("should delete a chat's files (rows and bytes) with the chat", async () => {
      const user = await t.seed.user();
      const chat = await t.seed.chat(user.id, 'scout');
      const { body: file } = await uploadFile(api, user.token, await makeImage(8, 8));
      const { body: kept } = await uploadFile(api, user.token, await makeImage(8, 8));
      // Without a model the message is still stored with its attachment (and a notice answers).
      const socket = connectSocket(t.url, user.token);
      await connected(socket);
      const events = record(socket);
      const ack = await new Promise<{ messageId?: string }>((resolve) =>
        socket.emit('sendMessage', { chatId: chat.id, text: 'look', attachments: [file.id] }, (r) =>
          resolve(r as { messageId?: string }),
        ),
      );
      expect(ack.messageId).toBeDefined();
      const created = await waitFor(events, (r) => r.event === 'message.created' && r.payload.message.role === 'user');
      expect(created.payload.message.attachments).toEqual([
        { id: file.id, url: expect.stringContaining(`/files/${file.id}?`), mimeType: 'image/png', width: 8, height: 8 },
      ]);
      socket.close();
      const keyOf = async (id: string) =>
        (await t.db.selectFrom('files').select('storage_key').where('id', '=', id).executeTakeFirst())?.storage_key;
      const key = await keyOf(file.id);
      expect(key && fs.existsSync(path.join(filesDir(), key))).toBe(true);

      expect((await call(t, 'DELETE', `/users/me/chats/${chat.id}`, undefined, { token: user.token })).status).toBe(
        200,
      );
      expect(await keyOf(file.id)).toBeUndefined();
      expect(fs.existsSync(path.join(filesDir(), key as string))).toBe(false);
      expect((await get(file.url)).status).toBe(404);
      // A file never sent in that chat stays.
      expect((await get(kept.url)).status).toBe(200);
    });

    it("should delete the account's files with the account", async () => {
      const user = await t.seed.user();
      const { body: file } = await uploadFile(api, user.token, await makeImage(8, 8));
      const [row] = await rowsOf(user.id);
      const res = await call(t, 'DELETE', '/users/me', { password: user.password }, { token: user.token });
      expect(res.status).toBe(200);
      expect(await rowsOf(user.id)).toEqual([]);
      expect(fs.existsSync(path.join(filesDir(), row?.storage_key ?? ''))).toBe(false);
      expect((await get(file.url)).status).toBe(404);
    });
  });
});

describe('files on an S3-compatible store', () => {
  let t: TestApp;
  let s3: FakeS3;
  let api: string;

  beforeAll(async () => {
    s3 = await startFakeS3({ bucket: 'neura-files', accessKeyId: 'AKIATEST' });
    t = await startTestApp({
      S3_BUCKET: 'neura-files',
      S3_ENDPOINT: s3.url,
      S3_ACCESS_KEY_ID: 'AKIATEST',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    api = `${t.url}${t.apiPrefix}`;
  });
  afterAll(async () => {
    await t.stop();
    await s3.close();
  });

  it('should keep the bytes in the bucket (signed requests), serve them, and delete them with the account', async () => {
    const user = await t.seed.user();
    const png = await makeImage(10, 6);
    const { status, body: file } = await uploadFile(api, user.token, png);
    expect(status).toBe(201);
    const row = await t.db.selectFrom('files').selectAll().where('id', '=', file.id).executeTakeFirst();
    const stored = s3.objects.get(row?.storage_key ?? '');
    expect(stored?.length).toBe(file.size);
    expect(s3.requests.at(-1)).toMatchObject({ method: 'PUT', path: `/neura-files/${row?.storage_key}` });
    expect(fs.existsSync(path.join(t.config.DATA_DIR, 'files', row?.storage_key ?? 'x'))).toBe(false);

    const served = await fetch(`${t.url}${file.url}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(stored as Buffer)).toBe(true);

    expect((await call(t, 'DELETE', '/users/me', { password: user.password }, { token: user.token })).status).toBe(200);
    expect(s3.objects.has(row?.storage_key ?? '')).toBe(false);
  });
});
