import { type FakeApns, startFakeApns } from '@neura/test-kit/fakes/apns';
import { type FakeFcm, startFakeFcm } from '@neura/test-kit/fakes/fcm';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const until = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/**
 * Native push (issue #48): FCM HTTP v1 (service-account JWT → OAuth2 token → messages:send) and
 * APNs (HTTP/2 over TLS, ES256 provider token), each against a local fake speaking its protocol.
 */
describe('notifications: native push through FCM and APNs', () => {
  let t: TestApp;
  let fcm: FakeFcm;
  let apns: FakeApns;
  let n = 0;

  const register = async (user: TestUser, platform: 'android' | 'ios') => {
    const token = platform === 'ios' ? (++n).toString(16).padStart(64, 'a') : `fcm-${++n}:APA91b${'x'.repeat(40)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/push-tokens',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { platform, token },
    });
    expect(res.statusCode).toBe(201);
    return token;
  };
  const tokens = async (userId: string) =>
    (await t.db.selectFrom('push_tokens').select('token').where('user_id', '=', userId).execute()).map((r) => r.token);
  const job = (messageId: string) =>
    t.db
      .selectFrom('jobs')
      .select(['status', 'attempts', 'run_at'])
      .where('key', 'like', `%${messageId}%`)
      .executeTakeFirst();
  const finished = (user: TestUser, chatId: string, messageId: string) =>
    t.drive.notifier.replyFinished({
      userId: user.id,
      chatId,
      messageId,
      personaId: 'mindful-coach',
      text: 'Breathe in slowly, then out.',
    });
  const setup = async () => {
    const user = await t.seed.user();
    return { user, chat: await t.seed.chat(user.id, 'mindful-coach') };
  };

  beforeAll(async () => {
    [fcm, apns] = await Promise.all([startFakeFcm(), startFakeApns()]);
    t = await startTestApp({
      FCM_SERVICE_ACCOUNT: JSON.stringify(fcm.account),
      FCM_BASE_URL: fcm.url,
      APNS_KEY: apns.key,
      APNS_KEY_ID: apns.keyId,
      APNS_TEAM_ID: apns.teamId,
      APNS_TOPIC: apns.topic,
      APNS_HOST: apns.url,
      APNS_CA: apns.ca,
    });
  });
  afterAll(async () => {
    await t.stop();
    await Promise.all([fcm.close(), apns.close()]);
  });

  it('should send through FCM with an OAuth2 token from the service account, kept between pushes', async () => {
    const { user, chat } = await setup();
    const token = await register(user, 'android');
    expect(await finished(user, chat.id, 'fcm-1')).toBe(1);
    await until(() => fcm.received.some((m) => m.token === token));
    expect(await finished(user, chat.id, 'fcm-2')).toBe(1);
    await until(() => fcm.received.filter((m) => m.token === token).length === 2);
    const [message] = fcm.received.filter((m) => m.token === token);
    expect(message?.notification).toEqual({ title: 'Mindful Coach', body: 'Breathe in slowly, then out.' });
    expect(message?.data).toEqual({ url: `/chats/${chat.id}`, chatId: chat.id, messageId: 'fcm-1' });
    expect(fcm.tokenRequests).toEqual([{ status: 200 }]);
  });

  it('should fetch a new access token when FCM answers 401', async () => {
    const { user, chat } = await setup();
    const token = await register(user, 'android');
    fcm.expireTokens();
    const before = fcm.tokenRequests.length;
    await finished(user, chat.id, 'fcm-401');
    await until(() => fcm.received.some((m) => m.token === token));
    expect(fcm.tokenRequests.length).toBe(before + 1);
  });

  it('should drop a token FCM calls UNREGISTERED, and keep one it says is busy (retried by the job)', async () => {
    const { user, chat } = await setup();
    const [dead, busy] = [await register(user, 'android'), await register(user, 'android')];
    fcm.fail(dead, { status: 404, code: 'UNREGISTERED' });
    fcm.fail(busy, { status: 503, code: 'UNAVAILABLE' });
    await finished(user, chat.id, 'fcm-gone');
    await until(async () => (await tokens(user.id)).length === 1);
    expect(await tokens(user.id)).toEqual([busy]);
    await until(async () => (await job('fcm-gone'))?.attempts === 1 && (await job('fcm-gone'))?.status === 'queued');
    fcm.fail(busy, undefined);
    // Recurring jobs that fall due in the same window may take the claim's slots first (a slow run).
    for (let i = 0; i < 5 && !fcm.received.some((m) => m.token === busy); i++) await t.jobs.runDue(Date.now() + 31_000);
    expect(fcm.received.filter((m) => m.token === busy).map((m) => m.data?.messageId)).toEqual(['fcm-gone']);
  });

  it('should send through APNs over HTTP/2 with the provider token, topic and push type, on one connection', async () => {
    const { user, chat } = await setup();
    const token = await register(user, 'ios');
    await finished(user, chat.id, 'apns-1');
    await finished(user, chat.id, 'apns-2');
    await until(() => apns.received.filter((p) => p.token === token).length === 2);
    const [push] = apns.received.filter((p) => p.token === token);
    expect(push?.headers['apns-topic']).toBe(apns.topic);
    expect(push?.headers['apns-push-type']).toBe('alert');
    expect(push?.body.aps.alert).toEqual({ title: 'Mindful Coach', body: 'Breathe in slowly, then out.' });
    expect(push?.body.url).toBe(`/chats/${chat.id}`);
    expect(apns.connections).toBe(1);
  });

  it('should drop a token APNs answers 410 Unregistered; 429 is tried again with back-off', async () => {
    const { user, chat } = await setup();
    const [dead, busy] = [await register(user, 'ios'), await register(user, 'ios')];
    apns.answer(dead, { status: 410, reason: 'Unregistered' });
    apns.answer(busy, { status: 429, reason: 'TooManyRequests' });
    await finished(user, chat.id, 'apns-gone');
    await until(async () => (await tokens(user.id)).length === 1);
    expect(await tokens(user.id)).toEqual([busy]);
    await until(async () => (await job('apns-gone'))?.attempts === 1 && (await job('apns-gone'))?.status === 'queued');
    expect(Date.parse((await job('apns-gone'))?.run_at ?? '')).toBeGreaterThan(Date.now() + 20_000);
    apns.answer(busy, undefined);
    for (let i = 0; i < 5 && !apns.received.some((p) => p.token === busy); i++)
      await t.jobs.runDue(Date.now() + 31_000);
    expect(apns.received.filter((p) => p.token === busy).map((p) => p.body.messageId)).toEqual(['apns-gone']);
    expect(await job('apns-gone')).toBeUndefined();
  });
});
