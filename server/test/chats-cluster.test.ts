import type { Chat } from '@neura/contract';
import { startTestCluster, type TestCluster } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithServices } from './helpers/services-env.js';
import { connectSocket, nextEvent, type TestSocket } from './helpers/socket.js';

// Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set; REQUIRE_SERVICES=1 makes their absence a failure.
describeWithServices('chats across two processes (PostgreSQL + Redis)', () => {
  let cluster: TestCluster;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    cluster = await startTestCluster(2);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await cluster?.stop();
  });

  it('should keep two sessions on different processes in step', async () => {
    const [one, two] = cluster.apps;
    if (!one || !two) throw new Error('cluster did not start');
    const user = await one.seed.user();
    const a = connectSocket(one.url, user.token);
    const b = connectSocket(two.url, user.token);
    sockets.push(a, b);
    await Promise.all([nextEvent(a, 'ready'), nextEvent(b, 'ready')]);

    const created = nextEvent<{ chat: Chat }>(b, 'chat.created');
    const id = await new Promise<string>((resolve, reject) =>
      a.emit('createChat', 'default', (res) => ('id' in res ? resolve(res.id) : reject(new Error(res.error.message)))),
    );
    expect((await created).chat.id).toBe(id);

    const renamed = nextEvent(b, 'chat.renamed');
    const patch = await one.app.inject({
      method: 'PATCH',
      url: `/api/users/me/chats/${id}`,
      headers: { authorization: `Bearer ${user.token}` },
      payload: { name: 'Across processes' },
    });
    expect(patch.statusCode).toBe(200);
    expect(await renamed).toEqual({ chatId: id, name: 'Across processes' });

    const relayed = nextEvent(a, 'chat.updated');
    b.emit('broadcast', { event: 'chat.updated', data: { chatId: id, updatedFields: { isPinned: true } } });
    expect(await relayed).toEqual({ chatId: id, updatedFields: { isPinned: true } });

    // The chat written through process one is read through process two.
    const list = await two.app.inject({
      method: 'GET',
      url: '/api/users/me/chats',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(list.json().map((c: Chat) => c.name)).toEqual(['Across processes']);

    const deleted = nextEvent(a, 'chat.deleted');
    await new Promise((resolve) => b.emit('deleteChat', id, resolve));
    expect(await deleted).toEqual({ chatId: id });
  });
});
