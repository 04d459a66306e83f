import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { type FakePushService, type Subscriber, startFakePushService } from '@neura/test-kit/fakes/web-push';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, send } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

const until = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** Notifications (issue #48): Web Push to a local push service that checks VAPID and decrypts. */
describe('notifications', () => {
  let t: TestApp;
  let push: FakePushService;
  let model: FakeOpenAI;
  let vapidKey: string;
  const sockets: TestSocket[] = [];

  const call = async (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, user?: TestUser, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: user ? { authorization: `Bearer ${user.token}` } : {},
      ...(payload ? { payload } : {}),
    });
  const subscribe = async (user: TestUser) => {
    const device = push.subscriber();
    const res = await call('POST', '/users/me/push-subscriptions', user, device.json);
    expect(res.statusCode).toBe(201);
    return device;
  };
  const pushJobs = async (messageId: string) =>
    (await t.db.selectFrom('jobs').select(['key']).where('name', '=', 'push.send').execute()).filter((j) =>
      j.key?.includes(messageId),
    );
  const receivedBy = (device: Subscriber) => push.received.filter((p) => p.subscriber === device.id);
  const finished = (user: TestUser, chatId: string, messageId: string, text = 'Here is the answer you wanted.') =>
    t.drive.notifier.replyFinished({ userId: user.id, chatId, messageId, personaId: 'mindful-coach', text });

  beforeAll(async () => {
    push = await startFakePushService();
    model = await startFakeOpenAI();
    t = await startTestApp({
      OUTBOUND_ALLOW: push.hostPort,
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake',
      LLM_API_KEY: 'sk-fake',
      PUSH_HIDDEN_SECONDS: '30',
    });
    vapidKey = (await call('GET', '/push/vapid')).json().publicKey;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await push.close();
    await model.close();
  });

  it('should answer its VAPID public key: an uncompressed P-256 point', () => {
    const point = Buffer.from(vapidKey, 'base64url');
    expect(point.length).toBe(65);
    expect(point[0]).toBe(4);
  });

  it('should push a finished reply once to each device when no socket is connected (signed, encrypted)', async () => {
    const user = await t.seed.user({ credits: 50 });
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    const [phone, laptop] = [await subscribe(user), await subscribe(user)];
    model.setScript({ chunks: ['Breathe in, ', 'and **slowly** out.'], holdAfter: 1 });
    const socket = await connected(connectSocket(t.url, user.token));
    expect((await send(socket, chat.id, 'Help me relax')).messageId).toBeDefined();
    await until(() => model.requests.some((r) => r.body.stream === true));
    socket.close(); // the user locks the phone
    await until(async () => (await t.drive.realtime.presence(user.id)).length === 0);
    model.release();
    await until(() => receivedBy(phone).length === 1 && receivedBy(laptop).length === 1);
    for (const device of [phone, laptop]) {
      const [received] = receivedBy(device);
      expect(received?.vapidKey).toBe(vapidKey);
      expect(received?.payload).toEqual({
        title: 'Mindful Coach',
        body: 'Breathe in, and slowly out.',
        url: `/chats/${chat.id}`,
        chatId: chat.id,
        messageId: expect.any(String),
      });
    }
    const reply = await t.db
      .selectFrom('messages')
      .select(['role', 'chat_id', 'status'])
      .where('id', '=', receivedBy(phone)[0]?.payload.messageId)
      .executeTakeFirstOrThrow();
    expect(reply).toEqual({ role: 'assistant', chat_id: chat.id, status: 'complete' });
    expect(receivedBy(laptop)[0]?.payload.messageId).toBe(receivedBy(phone)[0]?.payload.messageId);
  });

  it('should push nothing while a tab is connected and seen, and push once every tab was hidden a while', async () => {
    const user = await t.seed.user();
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    const device = await subscribe(user);
    const socket = await connected(connectSocket(t.url, user.token));
    sockets.push(socket);
    expect(await finished(user, chat.id, 'm-seen')).toBe(0);

    await socket.emitWithAck('visibility', { hidden: true });
    expect(await finished(user, chat.id, 'm-hidden-just-now')).toBe(0);
    const later = await t.drive.notifier.replyFinished(
      { userId: user.id, chatId: chat.id, messageId: 'm-hidden-long', personaId: 'mindful-coach', text: 'Hi' },
      Date.now() + 31_000,
    );
    expect(later).toBe(1);
    await until(() => receivedBy(device).length === 1);
    expect(receivedBy(device)[0]?.payload.messageId).toBe('m-hidden-long');

    await socket.emitWithAck('visibility', { hidden: false });
    const seen = await t.drive.notifier.replyFinished(
      { userId: user.id, chatId: chat.id, messageId: 'm-seen-again', personaId: 'mindful-coach', text: 'Hi' },
      Date.now() + 31_000,
    );
    expect(seen).toBe(0);
    expect(receivedBy(device).map((p) => p.payload.messageId)).toEqual(['m-hidden-long']);
  });

  it('should send nothing when replies are switched off, or in quiet hours', async () => {
    const user = await t.seed.user();
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    await subscribe(user);
    expect((await call('GET', '/users/me/notifications', user)).json()).toEqual({
      replies: true,
      hideContents: false,
      quietHours: null,
    });
    const off = await call('PUT', '/users/me/notifications', user, { replies: false });
    expect(off.json()).toMatchObject({ replies: false });
    expect(await finished(user, chat.id, 'm-off')).toBe(0);

    const minute = Math.floor((Date.now() % 86_400_000) / 60_000);
    await call('PUT', '/users/me/notifications', user, {
      replies: true,
      quietHours: { start: minute, end: (minute + 60) % 1440 },
    });
    expect(await finished(user, chat.id, 'm-quiet')).toBe(0);
    await call('PUT', '/users/me/notifications', user, { quietHours: null });
    expect(await finished(user, chat.id, 'm-loud')).toBe(1);
  });

  it('should send only "New reply from …" with hide contents, in the user’s language', async () => {
    const user = await t.seed.user();
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    const device = await subscribe(user);
    await call('PUT', '/users/me/notifications', user, { hideContents: true });
    await t.seed.updateUser(user.id, { locale: 'de' });
    await finished(user, chat.id, 'm-hidden-contents', 'My secret diary entry');
    await until(() => receivedBy(device).length === 1);
    const { payload } = receivedBy(device)[0] ?? {};
    expect(payload.title).toMatch(/^Neue Antwort von /);
    expect(payload.body).toBe('');
    expect(JSON.stringify(payload)).not.toContain('secret');
  });

  it('should drop a subscription the push service says is gone (410), and keep the others', async () => {
    const user = await t.seed.user();
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    const [gone, kept] = [await subscribe(user), await subscribe(user)];
    push.answer(gone.id, 410);
    await finished(user, chat.id, 'm-410');
    await until(() => receivedBy(kept).length === 1);
    const endpoints = async () =>
      (
        await t.db
          .selectFrom('push_subscriptions')
          .select('endpoint')
          .selectAll()
          .where('user_id', '=', user.id)
          .execute()
      )
        .map((r) => r.endpoint)
        .sort();
    await until(async () => (await endpoints()).length === 1);
    expect(await endpoints()).toEqual([kept.endpoint]);
  });

  it('should retry a push the service refused with 503 as a job, backing off, until it is delivered', async () => {
    const user = await t.seed.user();
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    const device = await subscribe(user);
    push.answer(device.id, 503);
    await finished(user, chat.id, 'm-503');
    await until(() => push.attempts.some((a) => a.subscriber === device.id && a.status === 503));
    const job = async () =>
      t.db
        .selectFrom('jobs')
        .select(['status', 'attempts', 'run_at'])
        .where('key', 'like', '%m-503%')
        .executeTakeFirst();
    await until(async () => (await job())?.status === 'queued' && (await job())?.attempts === 1);
    expect(Date.parse((await job())?.run_at ?? '')).toBeGreaterThan(Date.now() + 20_000);
    push.answer(device.id, undefined);
    // Recurring jobs that fall due in the same window may take the claim's slots first (a slow run).
    for (let i = 0; i < 5 && receivedBy(device).length === 0; i++) await t.jobs.runDue(Date.now() + 31_000);
    expect(receivedBy(device).map((p) => p.payload.messageId)).toEqual(['m-503']);
    expect(await job()).toBeUndefined(); // done: a finished one-off job is deleted
  });

  it('should refuse a subscription to an address the SSRF rule refuses (400), and unsubscribe', async () => {
    const user = await t.seed.user();
    const keys = push.subscriber().json.keys;
    for (const endpoint of [
      'https://127.0.0.1:9/push/x',
      'https://10.1.2.3/push/x',
      'https://[::ffff:127.0.0.1]/push/x',
      'https://localhost/push/x',
      'http://push.example.com/push/x',
      'file:///etc/passwd',
    ]) {
      const res = await call('POST', '/users/me/push-subscriptions', user, { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(400);
    }
    expect(
      await t.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', user.id).execute(),
    ).toHaveLength(0);
    const device = await subscribe(user);
    const removed = await call('DELETE', '/users/me/push-subscriptions', user, { endpoint: device.endpoint });
    expect(removed.statusCode).toBe(200);
    expect(
      await t.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', user.id).execute(),
    ).toHaveLength(0);
    expect((await call('POST', '/users/me/push-subscriptions', undefined, device.json)).statusCode).toBe(401);
  });

  it('should store a native device token and, with no FCM/APNs keys, send nothing to it', async () => {
    const user = await t.seed.user();
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    const res = await call('POST', '/users/me/push-tokens', user, { platform: 'android', token: 'fcm-token-abc123' });
    expect(res.statusCode).toBe(201);
    expect((await call('POST', '/users/me/push-tokens', user, { platform: 'web', token: 'x' })).statusCode).toBe(400);
    expect(await finished(user, chat.id, 'm-native')).toBe(1);
    await until(async () => (await pushJobs('m-native')).length === 0);
    expect(await t.db.selectFrom('push_tokens').selectAll().where('user_id', '=', user.id).execute()).toHaveLength(1);
  });
});
