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

/** Notifications (issue #48): quiet hours in the user's zone, one push per group round, the delivery key. */
describe('notifications: quiet hours, group rounds, one push per device', () => {
  let t: TestApp;
  let push: FakePushService;
  let model: FakeOpenAI;
  const sockets: TestSocket[] = [];

  const call = async (method: 'PUT' | 'POST', url: string, user: TestUser, payload: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${user.token}` }, payload });
  const subscribe = async (user: TestUser) => {
    const device = push.subscriber();
    expect((await call('POST', '/users/me/push-subscriptions', user, device.json)).statusCode).toBe(201);
    return device;
  };
  const receivedBy = (device: Subscriber) => push.received.filter((p) => p.subscriber === device.id);
  const finished = (user: TestUser, chatId: string, messageId: string, now?: number) =>
    t.drive.notifier.replyFinished(
      { userId: user.id, chatId, messageId, personaId: 'mindful-coach', text: 'Done.' },
      now,
    );
  const emit = (socket: TestSocket, event: string, payload: unknown) =>
    new Promise<{ error?: unknown; id?: string }>((resolve) =>
      (socket.emit as (e: string, p: unknown, ack: (r: { error?: unknown }) => void) => void)(event, payload, resolve),
    );

  beforeAll(async () => {
    push = await startFakePushService();
    model = await startFakeOpenAI();
    t = await startTestApp({
      OUTBOUND_ALLOW: push.hostPort,
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake',
      LLM_API_KEY: 'sk-fake',
      PUSH_HIDDEN_SECONDS: '0',
    });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await push.close();
    await model.close();
  });

  it('should keep quiet hours on the user’s clock, across midnight (22:00–07:00 in Tokyo)', async () => {
    const user = await t.seed.user();
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    await subscribe(user);
    const quietHours = { start: 22 * 60, end: 7 * 60, timeZone: 'Asia/Tokyo' };
    const saved = await call('PUT', '/users/me/notifications', user, { quietHours });
    expect(saved.json().quietHours).toEqual(quietHours);
    const bad = await call('PUT', '/users/me/notifications', user, {
      quietHours: { ...quietHours, timeZone: 'Mars/Base' },
    });
    expect(bad.statusCode).toBe(400);
    // 14:30 UTC = 23:30 in Tokyo; 21:00 UTC = 06:00 the next day there; 23:00 UTC = 08:00 there.
    expect(await finished(user, chat.id, 'q-2330', Date.parse('2026-01-01T14:30:00Z'))).toBe(0);
    expect(await finished(user, chat.id, 'q-0600', Date.parse('2026-01-01T21:00:00Z'))).toBe(0);
    expect(await finished(user, chat.id, 'q-0800', Date.parse('2026-01-01T23:00:00Z'))).toBe(1);
  });

  it('should push a reply once per device even when told again after its job row is gone', async () => {
    const user = await t.seed.user();
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    const device = await subscribe(user);
    expect(await finished(user, chat.id, 'm-once')).toBe(1);
    await until(() => receivedBy(device).length === 1);
    const jobRow = () => t.db.selectFrom('jobs').select('id').where('key', 'like', '%m-once%').executeTakeFirst();
    await until(async () => (await jobRow()) === undefined);
    expect(await finished(user, chat.id, 'm-once')).toBe(0);
    await t.jobs.runDue(Date.now() + 60_000);
    expect(receivedBy(device).map((p) => p.payload.messageId)).toEqual(['m-once']);
  });

  it('should push a group round once, naming the chat and who replied (not once per persona)', async () => {
    const user = await t.seed.user({ credits: 50 });
    const device = await subscribe(user);
    model.setScript({ chunks: ['Here.'] });
    const socket = await connected(connectSocket(t.url, user.token));
    sockets.push(socket);
    const created = await emit(socket, 'createChat', { personas: ['mindful-coach', 'nutrition-pal'] });
    const chatId = created.id as string;
    expect(await emit(socket, 'visibility', { hidden: true })).toMatchObject({ success: true });
    await send(socket, chatId, 'Hello both');
    await until(() => receivedBy(device).length === 1);
    const rounds = () => t.db.selectFrom('chat_rounds').select('status').where('chat_id', '=', chatId).execute();
    await until(async () => (await rounds()).every((r) => r.status !== 'open'));
    const pushJobs = () => t.db.selectFrom('jobs').select('id').where('name', '=', 'push.send').execute();
    await until(async () => (await pushJobs()).length === 0);
    const chat = await t.db.selectFrom('chats').select('name').where('id', '=', chatId).executeTakeFirst();
    expect(receivedBy(device).map((p) => p.payload)).toEqual([
      { title: chat?.name, body: 'Mindful Coach and Nutrition Pal replied', url: `/chats/${chatId}`, chatId },
    ]);
  });
});
