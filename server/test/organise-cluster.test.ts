import type { Chat, Folder } from '@neura/contract';
import { startTestCluster, type TestCluster } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { record, waitFor } from './helpers/conversation.js';
import { describeWithServices } from './helpers/services-env.js';
import { connectSocket, nextEvent, type TestSocket } from './helpers/socket.js';

// Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set; REQUIRE_SERVICES=1 makes their absence a failure.
describeWithServices('folders and temporary chats across two processes (PostgreSQL + Redis)', () => {
  let cluster: TestCluster;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    cluster = await startTestCluster(2, { TEMPORARY_CHAT_GRACE_MS: '60000' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await cluster?.stop();
  });

  it('should tell the other process’s device of folders, and never of a temporary chat', async () => {
    const [one, two] = cluster.apps;
    if (!one || !two) throw new Error('cluster did not start');
    const user = await one.seed.user();
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

  it('should keep a temporary chat another process’s socket holds, and delete it from any process once none does', async () => {
    const [one, two] = cluster.apps;
    if (!one || !two) throw new Error('cluster did not start');
    const user = await one.seed.user();
    const a = connectSocket(one.url, user.token);
    sockets.push(a);
    await nextEvent(a, 'ready');
    const id = await new Promise<string>((resolve, reject) =>
      a.emit('createChat', { persona: 'default', temporary: true }, (r) =>
        'id' in r ? resolve(r.id) : reject(new Error(r.error.message)),
      ),
    );
    const graceJob = () =>
      one.db.selectFrom('jobs').select('run_at').where('key', '=', `temporary-grace:${id}`).executeTakeFirst();
    const exists = async () => (await one.db.selectFrom('chats').select('id').where('id', '=', id).execute()).length;
    /** Job rounds of `app` at `at` until none is left. */
    const runAt = async (app: typeof one, at: number) => {
      for (let round = 0; round < 20 && (await app.jobs.runDue(at)) > 0; round++);
    };

    // The tab's socket on process one dies; it comes back on process two and holds the chat.
    a.close();
    await vi.waitFor(async () => expect(await graceJob()).toBeDefined(), { timeout: 5000 });
    const b = connectSocket(two.url, user.token);
    sockets.push(b);
    await nextEvent(b, 'ready');
    expect(await new Promise((resolve) => b.emit('temporaryChat', { chatId: id }, resolve))).toEqual({ success: true });
    // Process one runs the job: process two's socket (asked through Redis) keeps the chat.
    await runAt(one, Date.now() + 61_000);
    expect(await exists()).toBe(1);

    // That socket goes too: the job (a row in the shared database) is run by process one.
    const before = (await graceJob())?.run_at;
    b.close();
    await vi.waitFor(async () => expect((await graceJob())?.run_at).not.toBe(before), { timeout: 5000 });
    await runAt(one, Date.now() + 61_000);
    expect(await exists()).toBe(0);
  });
});
