import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { listenApp, startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connected, deltasOf, doneFor, record, send, stop, waitFor } from './helpers/conversation.js';
import { describeWithServices } from './helpers/services-env.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

/** Two app instances on one database and one Redis (CI sets both; REQUIRE_SERVICES=1 fails without). */
const redisUrl = process.env.TEST_REDIS_URL;

describeWithServices('conversation across processes (Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  let fake: FakeOpenAI;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    a = await startTestApp({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake', REDIS_URL: redisUrl ?? '' });
    b = await listenApp(a.config, { db: a.db, logger: false });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await b.close();
    await a.stop();
    await fake.close();
  });

  it('should stream to a tab on the other process and stop from there', async () => {
    fake.setScript({ chunks: ['One', ' two', ' three'], holdAfter: 2 });
    const user = await a.seed.user({ credits: 5 });
    const chat = await a.seed.chat(user.id);
    const tabA = await connected(connectSocket(a.url, user.token));
    const tabB = await connected(connectSocket(b.url, user.token));
    sockets.push(tabA, tabB);
    const eventsA = record(tabA);
    const eventsB = record(tabB);
    await send(tabA, chat.id, 'Count');
    const shell = await waitFor(
      eventsB,
      (r) => r.event === 'message.created' && r.payload.message.role === 'assistant',
    );
    await waitFor(eventsB, () => deltasOf(eventsB, shell.payload.message.id) === 'One two');

    // The other process refuses a second reply in the same chat…
    expect((await send(tabB, chat.id, 'Again')).error?.code).toBe('conflict');
    // …and passes a stop on to the process generating the reply.
    expect(await stop(tabB, chat.id)).toEqual({ success: true });
    const done = await doneFor(eventsA, chat.id);
    fake.release();
    expect(done.payload.message).toMatchObject({ status: 'stopped', content: 'One two' });
    expect((await doneFor(eventsB, chat.id)).payload.message.status).toBe('stopped');
  });
});
