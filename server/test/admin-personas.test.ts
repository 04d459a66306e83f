import { AVATAR_SIZE_PX, MAX_AVATAR_BYTES, PERSONA_UNPUBLISHED_MESSAGE } from '@neura/contract';
import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import type { SmtpCapture } from '@neura/test-kit/mail/smtp-capture';
import type { TestUser } from '@neura/test-kit/seed';
import type { TestApp } from '@neura/test-kit/server/in-process';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAppWithMail } from './helpers/accounts.js';
import { connected, send } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

type Json = Record<string, unknown>;
type Items<T = Json> = { items: T[] };

const persona = (id: string, overrides: Json = {}) => ({
  id,
  icon: 'spark',
  name: `Fox ${id}`,
  description: 'A quick brown fox.',
  cost: 2,
  tags: ['fun'],
  published: true,
  requiresPro: false,
  includedSkills: [],
  greeting: null,
  systemPrompt: 'You are a fox.',
  model: null,
  ...overrides,
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .png()
    .toBuffer();

/** A multipart body with one file part, as a browser's FormData sends it. */
function multipartBody(bytes: Buffer, field = 'file') {
  const boundary = '----neura-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('console: persona profiles, avatars, unpublished chats, prices and the waitlist', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let stop: () => Promise<void>;
  let fake: FakeOpenAI;
  let admin: TestUser;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAI({ chunks: ['Yip', '!'] });
    ({ t, smtp, stop } = await startAppWithMail({
      PAYMENTS: 'sandbox',
      LLM_BASE_URL: fake.baseUrl,
      LLM_MODEL: 'fake',
      LLM_API_KEY: 'sk-fake',
      MODEL_PRICES: '{"fake":{"input":2,"output":8},"openai:gpt-priced":{"input":1,"output":1}}',
    }));
    admin = await t.seed.user({ password: null });
    await t.seed.updateUser(admin.id, { role: 'admin' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await stop();
    await fake.close();
  });

  const as = (who: TestUser) => ({ token: who.token });
  const putAvatar = (id: string, payload: Buffer, contentType = 'image/png', token = admin.token) =>
    t.app.inject({
      method: 'PUT',
      url: `${t.apiPrefix}/admin/personas/${id}/avatar`,
      payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    });
  const getAvatar = (id: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${t.apiPrefix}/personas/${id}/avatar`, headers });
  const catalogEntry = async (id: string) =>
    ((await call<Json[]>(t, 'GET', '/personas')).body as unknown as Json[]).find((p) => p.id === id);
  const lastAudit = async () =>
    (await call<Items>(t, 'GET', '/admin/audit?limit=1', undefined, as(admin))).body.items[0];

  it('should save a tagline and up to 4 suggested prompts, and show them in the catalog', async () => {
    const id = `fox-${Date.now().toString(36)}`;
    const prompts = ['Tell me a fox fact', 'Where do foxes live?', 'Draw a fox', 'Fox jokes'];
    const created = await call(
      t,
      'POST',
      '/admin/personas',
      persona(id, { tagline: 'Quick and brown', suggestedPrompts: prompts }),
      as(admin),
    );
    expect(created.status).toBe(201);
    expect(await catalogEntry(id)).toMatchObject({
      tagline: 'Quick and brown',
      suggestedPrompts: prompts,
      avatarUrl: null,
    });
    const five = await call(t, 'PUT', `/admin/personas/${id}`, persona(id, { suggestedPrompts: [...prompts, 'x'] }), {
      token: admin.token,
    });
    expect(five.status).toBe(400);
    const long = await call(t, 'PUT', `/admin/personas/${id}`, persona(id, { tagline: 'x'.repeat(121) }), as(admin));
    expect(long.status).toBe(400);
    expect(await catalogEntry(id)).toMatchObject({ tagline: 'Quick and brown', suggestedPrompts: prompts });
  });

  it('should take an avatar as a raw image or multipart, store it as a 512×512 WebP and serve it with cache headers', async () => {
    const id = `lynx-${Date.now().toString(36)}`;
    await call(t, 'POST', '/admin/personas', persona(id), as(admin));
    expect((await getAvatar(id)).statusCode).toBe(404);

    const up = await putAvatar(id, await png(900, 600));
    expect(up.statusCode).toBe(200);
    const { avatarUrl } = up.json() as { avatarUrl: string };
    expect(avatarUrl).toMatch(new RegExp(`^/api/personas/${id}/avatar\\?v=`));
    expect((await catalogEntry(id))?.avatarUrl).toBe(avatarUrl);

    const served = await getAvatar(id);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=86400');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX });
    const etag = String(served.headers.etag);
    expect((await getAvatar(id, { 'if-none-match': etag })).statusCode).toBe(304);
    expect(await lastAudit()).toMatchObject({
      action: 'persona.avatar',
      actor: admin.email,
      target: id,
      before: { avatar: null },
    });

    const form = multipartBody(await png(300, 300));
    const second = await putAvatar(id, form.payload, form.contentType);
    expect(second.statusCode).toBe(200);
    const again = await getAvatar(id);
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).not.toBe(etag);
    expect(await lastAudit()).toMatchObject({ action: 'persona.avatar', before: { avatar: 'uploaded' } });
  });

  it('should refuse what is not a picture (400) or too large (413) and store nothing', async () => {
    const id = `mink-${Date.now().toString(36)}`;
    await call(t, 'POST', '/admin/personas', persona(id), as(admin));
    const before = await lastAudit();

    const text = await putAvatar(id, Buffer.from('not a picture at all'));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'file:invalid', message: expect.stringMatching(/not a picture/) });
    const svg = await putAvatar(id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml');
    expect(svg.statusCode).toBe(400);
    const empty = await putAvatar(id, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'file:invalid' });
    const noFile = multipartBody(Buffer.from('x'), 'other');
    expect((await putAvatar(id, Buffer.from(`--x--\r\n`), 'multipart/form-data; boundary=x')).statusCode).toBe(400);
    expect((await putAvatar(id, noFile.payload, noFile.contentType)).statusCode).toBe(400);

    const huge = Buffer.concat([await png(10, 10), Buffer.alloc(MAX_AVATAR_BYTES)]);
    const raw = await putAvatar(id, huge);
    expect(raw.statusCode).toBe(413);
    expect(raw.json()).toMatchObject({ code: 'file:too-large', message: 'The picture is larger than 5 MB.' });
    const form = multipartBody(huge);
    const multi = await putAvatar(id, form.payload, form.contentType);
    expect(multi.statusCode).toBe(413);
    expect(multi.json()).toMatchObject({ code: 'file:too-large' });

    expect((await catalogEntry(id))?.avatarUrl).toBeNull();
    expect((await getAvatar(id)).statusCode).toBe(404);
    expect(await lastAudit()).toEqual(before);
    expect((await putAvatar('no-such-persona', await png(64, 64))).statusCode).toBe(404);
  });

  it('should serve only published catalog personas’ avatars publicly, every one to the console, and remove it', async () => {
    const id = `stoat-${Date.now().toString(36)}`;
    await call(t, 'POST', '/admin/personas', persona(id), as(admin));
    expect((await putAvatar(id, await png(64, 64))).statusCode).toBe(200);
    expect((await call(t, 'POST', `/admin/personas/${id}/published`, { published: false }, as(admin))).status).toBe(
      200,
    );
    expect((await getAvatar(id)).statusCode).toBe(404);
    const forEditor = await t.app.inject({
      url: `${t.apiPrefix}/admin/personas/${id}/avatar`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(forEditor.statusCode).toBe(200);
    expect(forEditor.headers['content-type']).toBe('image/webp');
    const plain = await t.seed.user();
    expect((await putAvatar(id, await png(64, 64), 'image/png', plain.token)).statusCode).toBe(403);

    await call(t, 'POST', `/admin/personas/${id}/published`, { published: true }, as(admin));
    expect((await getAvatar(id)).statusCode).toBe(200);
    const removed = await call(t, 'DELETE', `/admin/personas/${id}/avatar`, undefined, as(admin));
    expect(removed.body).toEqual({ removed: true });
    expect((await getAvatar(id)).statusCode).toBe(404);
    expect((await catalogEntry(id))?.avatarUrl).toBeNull();
    expect(await lastAudit()).toMatchObject({ action: 'persona.avatar-remove', target: id });
    expect((await call(t, 'DELETE', `/admin/personas/${id}/avatar`, undefined, as(admin))).body).toEqual({
      removed: false,
    });
  });

  it('should keep the chats of an unpublished persona readable but refuse new messages with 409 persona:unpublished', async () => {
    const id = `hare-${Date.now().toString(36)}`;
    await call(t, 'POST', '/admin/personas', persona(id), as(admin));
    const user = await t.seed.user({ credits: 10 });
    const chat = await t.seed.chat(user.id, id);
    const [, replyId] = await t.seed.messages({ id: chat.id, userId: user.id }, [
      { role: 'user', content: 'Hello hare' },
      { role: 'assistant', content: 'Hop hop', cost: 2 },
    ]);
    const status = () => call(t, 'GET', `/users/me/chats/${chat.id}/status`, undefined, as(user));
    expect((await status()).body).toEqual({ canSend: true, reason: null });

    await call(t, 'POST', `/admin/personas/${id}/published`, { published: false }, as(admin));
    expect((await status()).body).toEqual({
      canSend: false,
      reason: { code: 'persona:unpublished', message: PERSONA_UNPUBLISHED_MESSAGE },
    });
    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    await connected(socket);
    const ack = await send(socket, chat.id, 'Still there?');
    expect(ack.error).toMatchObject({ code: 'persona:unpublished', message: PERSONA_UNPUBLISHED_MESSAGE });
    // Message actions (a new version of the reply) are refused the same way.
    const regenerated = await new Promise<{ error?: { code: string; message: string } }>((resolve) =>
      socket.emit('regenerateMessage', { chatId: chat.id, messageId: replyId as string }, (r) =>
        resolve(r as { error?: { code: string; message: string } }),
      ),
    );
    expect(regenerated.error).toMatchObject({ code: 'persona:unpublished', message: PERSONA_UNPUBLISHED_MESSAGE });
    expect((await t.read.user(user.id))?.credits).toBe(10);
    const history = await call<Json[]>(t, 'GET', `/users/me/chats/${chat.id}/messages`, undefined, as(user));
    expect(history.status).toBe(200);
    expect((history.body as unknown as Json[]).map((m) => m.content)).toEqual(['Hello hare', 'Hop hop']);
    // Another user's chat: the same 404 as an unknown one.
    const other = await t.seed.user();
    expect((await call(t, 'GET', `/users/me/chats/${chat.id}/status`, undefined, as(other))).status).toBe(404);

    await call(t, 'POST', `/admin/personas/${id}/published`, { published: true }, as(admin));
    expect((await status()).body).toEqual({ canSend: true, reason: null });
    const sent = await send(socket, chat.id, 'Back again?');
    expect(sent.error).toBeUndefined();
    expect(sent.messageId).toEqual(expect.any(String));
  });

  it('should take token prices from MODEL_PRICES unless the console set one, and cost replies with them', async () => {
    const prices = async () => (await call<Json[]>(t, 'GET', '/admin/model-prices', undefined, as(admin))).body;
    expect(await prices()).toEqual(
      expect.arrayContaining([
        { model: 'fake', inputPerMTok: 2, outputPerMTok: 8, source: 'config' },
        { model: 'openai:gpt-priced', inputPerMTok: 1, outputPerMTok: 1, source: 'config' },
      ]),
    );
    const user = await t.seed.user();
    const chat = await t.seed.chat(user.id, 'default');
    await t.seed.messages({ id: chat.id, userId: user.id }, [
      { role: 'user', content: 'q' },
      { role: 'assistant', content: 'a', model: 'openai:gpt-priced', inputTokens: 1_000_000, outputTokens: 500_000 },
    ]);
    const costOf = async () => {
      const dashboard = (
        await call<{ models: Array<{ model: string; estimatedCost: number | null }> }>(
          t,
          'GET',
          '/admin/dashboard?days=7',
          undefined,
          as(admin),
        )
      ).body;
      return dashboard.models.find((m) => m.model === 'openai:gpt-priced')?.estimatedCost;
    };
    expect(await costOf()).toBeCloseTo(1.5);

    await call(t, 'PUT', '/admin/model-prices/openai:gpt-priced', { inputPerMTok: 3, outputPerMTok: 4 }, as(admin));
    expect(await prices()).toContainEqual({
      model: 'openai:gpt-priced',
      inputPerMTok: 3,
      outputPerMTok: 4,
      source: 'console',
    });
    expect(await costOf()).toBeCloseTo(5);
    expect(await lastAudit()).toMatchObject({
      action: 'model-price.set',
      target: 'openai:gpt-priced',
      before: { inputPerMTok: 1, outputPerMTok: 1 },
      after: { inputPerMTok: 3, outputPerMTok: 4 },
    });
  });

  it('should approve a waitlist entry by sending the invite mail, refuse an address not waiting, and export the list', async () => {
    const stamp = Date.now().toString(36);
    const [first, second] = [`approve-a-${stamp}@example.com`, `approve-b-${stamp}@example.com`];
    for (const email of [first, second]) await call(t, 'POST', '/waitlist', { email }, { ip: '10.7.0.1' });

    const since = new Date().toISOString();
    const approved = await call<Items>(t, 'POST', '/admin/waitlist/approve', { emails: [second] }, as(admin));
    expect(approved.body).toEqual({ items: [{ email: second, sent: true }] });
    const mail = await smtp.waitForMail(second, /invite/, { since });
    const code = /[A-Z0-9]{4}(?:-[A-Z0-9]{4}){4}/.exec(mail.text)?.[0] as string;
    expect((await call(t, 'GET', `/invites/${code}`)).body).toEqual({ isValid: true });
    const list = (await call<Items>(t, 'GET', '/admin/waitlist', undefined, as(admin))).body.items;
    expect(list.find((w) => w.email === second)?.invitedAt).toEqual(expect.any(String));
    expect(list.find((w) => w.email === first)?.invitedAt).toBeNull();
    expect(await lastAudit()).toMatchObject({ action: 'waitlist.approve', target: second, after: { sent: 1 } });

    const mailsBefore = smtp.mails.length;
    const unknown = await call(
      t,
      'POST',
      '/admin/waitlist/approve',
      { emails: [first, 'nobody@example.com'] },
      as(admin),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'not-found', message: 'nobody@example.com is not on the waitlist.' });
    expect((await call(t, 'POST', '/admin/waitlist/approve', { emails: [] }, as(admin))).status).toBe(400);

    // A refused mail: the entry stays waiting, the code is revoked.
    smtp.setRefuse(true);
    const failed = await call<Items>(t, 'POST', '/admin/waitlist/approve', { emails: [first] }, as(admin));
    smtp.setRefuse(false);
    expect(failed.body).toEqual({ items: [{ email: first, sent: false }] });
    expect(smtp.mails.length).toBe(mailsBefore);
    const after = (await call<Items>(t, 'GET', '/admin/waitlist', undefined, as(admin))).body.items;
    expect(after.find((w) => w.email === first)?.invitedAt).toBeNull();

    const csv = await t.app.inject({
      url: `${t.apiPrefix}/admin/waitlist.csv`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="waitlist.csv"');
    const rows = csv.body.trim().split('\n');
    expect(rows[0]).toBe('email,joined,invited');
    expect(rows.find((r) => r.startsWith(`${second},`))).toMatch(/,\d{4}-\d\d-\d\dT[^,]+$/);
    expect(rows.find((r) => r.startsWith(`${first},`))).toMatch(/,$/);
  });
});
