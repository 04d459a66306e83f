import fs from 'node:fs';
import path from 'node:path';
import { makeImage } from '@neura/test-kit/images';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectSocket, nextEvent, type TestSocket } from './helpers/socket.js';

const GRACE_MS = 60_000;

/**
 * A temporary chat whose tab went away without leaving it (issue #49: a crashed or killed tab never
 * sends pagehide): deleted by the `chats.end-temporary` job once TEMPORARY_CHAT_GRACE_MS has passed
 * since the last socket holding it disconnected, unless a socket of the user holds it again. The
 * job's rounds run "later" (runDue), so nothing waits for the grace. SQLite, and PostgreSQL when
 * TEST_DATABASE_URL is set; across processes: organise-cluster.test.ts.
 */
describe('temporary chat grace after its tab went away', () => {
  let t: TestApp;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp({ TEMPORARY_CHAT_GRACE_MS: String(GRACE_MS) });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
  });

  const device = async (user: TestUser) => {
    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    await nextEvent(socket, 'ready');
    return socket;
  };
  const createTemporary = (socket: TestSocket) =>
    new Promise<string>((resolve, reject) =>
      socket.emit('createChat', { persona: 'default', temporary: true }, (r) =>
        'id' in r ? resolve(r.id) : reject(new Error(r.error.message)),
      ),
    );
  /** Job rounds at `at` until none is left to run (a round runs at most the queue's concurrency). */
  const runAt = async (at: number) => {
    for (let round = 0; round < 20 && (await t.jobs.runDue(at)) > 0; round++);
  };
  const hold = (socket: TestSocket, chatId: string | null) =>
    new Promise<unknown>((resolve) => socket.emit('temporaryChat', { chatId }, resolve));
  const exists = async (chatId: string) =>
    (await t.db.selectFrom('chats').select('id').where('id', '=', chatId).execute()).length === 1;
  const graceJob = (chatId: string) =>
    t.db.selectFrom('jobs').selectAll().where('key', '=', `temporary-grace:${chatId}`).executeTakeFirst();
  /** Closes the socket and waits until the server set the chat's grace (a row of `jobs`). */
  const goAway = async (socket: TestSocket, chatId: string) => {
    const before = (await graceJob(chatId))?.run_at ?? '';
    socket.close();
    await vi.waitFor(async () => expect((await graceJob(chatId))?.run_at ?? '').not.toBe(before), { timeout: 5000 });
  };

  it('should delete it, rows and files, once the grace passed with no socket holding it', async () => {
    const alice = await t.seed.user({ credits: 50 });
    const tab = await device(alice);
    const otherTab = await device(alice);
    const id = await createTemporary(tab);
    const file = await t.drive.files.saveResult(alice.id, id, {
      bytes: await makeImage(9, 9),
      mimeType: 'image/png',
    });
    const { storage_key } = await t.db
      .selectFrom('files')
      .select('storage_key')
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    const stored = path.join(t.config.DATA_DIR, 'files');
    const fileOnDisk = () => fs.readdirSync(stored, { recursive: true }).some((f) => String(f).includes(storage_key));
    expect(fileOnDisk()).toBe(true);
    const kept = await t.seed.chat(alice.id, 'default');

    await goAway(tab, id);
    const gone = Date.now();
    await runAt(gone + GRACE_MS / 2);
    expect(await exists(id)).toBe(true);
    // The user's other tab is connected but never held the chat: it does not keep it.
    const told = nextEvent<{ chatId: string }>(otherTab, 'chat.deleted');
    await runAt(gone + GRACE_MS + 1000);
    expect(await exists(id)).toBe(false);
    expect(await t.db.selectFrom('messages').select('id').where('chat_id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('files').select('id').where('id', '=', file.id).execute()).toEqual([]);
    expect(fileOnDisk()).toBe(false);
    expect((await told).chatId).toBe(id);
    expect(await exists(kept.id)).toBe(true);
    expect(await graceJob(id)).toBeUndefined();
  });

  it('should keep it when the tab reconnects within the grace, and delete it after that socket goes too', async () => {
    const alice = await t.seed.user({ credits: 50 });
    const first = await device(alice);
    const id = await createTemporary(first);
    await goAway(first, id);

    // A network blip: the tab's new socket holds the chat again.
    const again = await device(alice);
    expect(await hold(again, id)).toEqual({ success: true });
    await runAt(Date.now() + GRACE_MS + 1000);
    expect(await exists(id)).toBe(true);

    await goAway(again, id);
    await runAt(Date.now() + GRACE_MS + 1000);
    expect(await exists(id)).toBe(false);
  });

  it('should move the grace on a later disconnect, not keep the first one', async () => {
    const alice = await t.seed.user({ credits: 50 });
    const first = await device(alice);
    const id = await createTemporary(first);
    await goAway(first, id);
    const firstRunAt = (await graceJob(id))?.run_at ?? '';
    const again = await device(alice);
    await hold(again, id);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await goAway(again, id);
    const job = await graceJob(id);
    expect(job?.status).toBe('queued');
    expect(job && job.run_at > firstRunAt).toBe(true);
  });

  it("should answer 404 for another user's chat and hold nothing for a chat that is not temporary", async () => {
    const alice = await t.seed.user({ credits: 50 });
    const bob = await t.seed.user({ credits: 50 });
    const aliceTab = await device(alice);
    const id = await createTemporary(aliceTab);
    const bobTab = await device(bob);
    expect(await hold(bobTab, id)).toMatchObject({ error: { code: 'not-found' } });

    const normal = await t.seed.chat(alice.id, 'default');
    const another = await device(alice);
    expect(await hold(another, normal.id)).toEqual({ success: true });
    expect(await hold(another, null)).toEqual({ success: true });
    another.close();
    bobTab.close();
    await runAt(Date.now() + GRACE_MS + 1000);
    expect(await exists(normal.id)).toBe(true);
    expect(await graceJob(normal.id)).toBeUndefined();
    // Alice's first tab still holds her temporary chat.
    expect(await exists(id)).toBe(true);
  });
});
