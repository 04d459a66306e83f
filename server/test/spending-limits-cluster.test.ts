import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { startTestCluster, type TestCluster } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connected, record, send, waitFor } from './helpers/conversation.js';
import { describeWithServices } from './helpers/services-env.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

// Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set; REQUIRE_SERVICES=1 makes their absence a failure.
describeWithServices('spending limits across two processes (PostgreSQL + Redis)', () => {
  let cluster: TestCluster;
  let fake: FakeOpenAI;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    cluster = await startTestCluster(2, { LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-fake' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await cluster?.stop();
    await fake?.close();
  });

  it('should let exactly the daily limit through 20 parallel sends split over two processes', async () => {
    const [one, two] = cluster.apps;
    if (!one || !two) throw new Error('cluster did not start');
    const user = await one.seed.user({ credits: 100 });
    const put = await two.app.inject({
      method: 'PUT',
      url: '/api/users/me/limits',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { dailyCredits: 7 },
    });
    expect(put.statusCode).toBe(200);
    const chats = await Promise.all(Array.from({ length: 20 }, () => one.seed.chat(user.id)));
    const a = connectSocket(one.url, user.token);
    const b = connectSocket(two.url, user.token);
    sockets.push(a, b);
    await Promise.all([connected(a), connected(b)]);
    const events = record(a);
    const acks = await Promise.all(chats.map((c, i) => send(i % 2 === 0 ? a : b, c.id, 'Hi')));
    expect(acks.filter((r) => r.messageId)).toHaveLength(7);
    const refused = acks.filter((r) => r.error);
    expect(refused).toHaveLength(13);
    expect(new Set(refused.map((r) => r.error?.code))).toEqual(new Set(['credits:limit']));
    await waitFor(events, () => events.filter((r) => r.event === 'message.done').length === 7, 20_000);
    expect((await one.read.user(user.id))?.credits).toBe(93);
    expect((await one.read.ledger(user.id)).filter((r) => r.amount < 0)).toHaveLength(7);
  });
});
