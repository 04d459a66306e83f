import type { Chat, Folder } from '@neura/contract';
import { createTestUser } from '@neura/test-kit/seed';
import { startTestCluster, type TestCluster } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { record, waitFor } from './helpers/conversation.js';
import { describeWithServices } from './helpers/services-env.js';
import { connectSocket, nextEvent, type TestSocket } from './helpers/socket.js';

// Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set; REQUIRE_SERVICES=1 makes their absence a failure.
describeWithServices('folders and temporary chats across two processes (PostgreSQL + Redis)', () => {
  let cluster: TestCluster;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    cluster = await startTestCluster(2);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await cluster?.stop();
  });

  it('should tell the other process’s device of folders, and never of a temporary chat', async () => {
    const [one, two] = cluster.apps;
    if (!one || !two) throw new Error('cluster did not start');
    const user = await createTestUser(one.services);
    const a = connectSocket(one.url, user.token);
    const b = connectSocket(two.url, user.token);
    sockets.push(a, b);
    const onA = record(a);
    const onB = record(b);
    await Promise.all([nextEvent(a, 'ready'), nextEvent(b, 'ready')]);

    const made = await one.app.inject({
      method: 'POST',
      url: '/api/users/me/folders',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { name: 'Across' },
    });
    const folder = made.json() as Folder;
    const told = await waitFor(onB, (r) => r.event === 'folders.changed');
    expect(told.payload.folders).toEqual([folder]);

    // A socket on process two makes a temporary chat, then a normal one: process one's device gets only the second.
    const temporary = await new Promise<string>((resolve, reject) =>
      b.emit('createChat', { persona: 'default', temporary: true }, (r) =>
        'id' in r ? resolve(r.id) : reject(new Error(r.error.message)),
      ),
    );
    await waitFor(onB, (r) => r.event === 'chat.created' && r.payload.chat.id === temporary);
    const normal = await new Promise<string>((resolve, reject) =>
      b.emit('createChat', 'default', (r) => ('id' in r ? resolve(r.id) : reject(new Error(r.error.message)))),
    );
    await waitFor(onA, (r) => r.event === 'chat.created' && r.payload.chat.id === normal);
    expect(onA.filter((r) => r.event === 'chat.created').map((r) => (r.payload.chat as Chat).id)).toEqual([normal]);
    const list = await one.app.inject({
      method: 'GET',
      url: '/api/users/me/chats',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(list.json().map((c: Chat) => c.id)).toEqual([normal]);
  });
});
