import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { createPostgresDatabase } from '@neura/test-kit/server/database';
import { startTcpProxy, type TcpProxy, viaProxy } from '@neura/test-kit/server/tcp-proxy';
import { type PortedApp, withTestPort } from '@neura/test-kit/server/test-port';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { connected, record, send, waitFor } from '../helpers/conversation.js';
import { describeWithServices } from '../helpers/services-env.js';
import { connectSocket } from '../helpers/socket.js';

/**
 * N5: PostgreSQL cut just as a reply ends, until its final write and a sweep have failed. The
 * reply must not stay `streaming` forever: the sweep fails and refunds it once the database is
 * back, the user's devices get `message.error`, and the chat takes the next message within the
 * sweep interval.
 */
describeWithServices('N5: a database cut as a reply ends', () => {
  let proxy: TcpProxy;
  let drop: () => Promise<void>;
  let built: PortedApp;
  let url: string;
  let fake: FakeOpenAI;
  let dataDir: string;

  beforeAll(async () => {
    const db = await createPostgresDatabase({ migrated: true });
    drop = db.drop;
    const target = new URL(db.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    fake = await startFakeOpenAI({ chunks: ['Partial', ' text', ' and the end'], holdAfter: 2 });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-replycut-'));
    built = withTestPort(
      await buildApp(
        loadConfig({
          NODE_ENV: 'test',
          DATABASE_URL: viaProxy(db.url, proxy),
          LOG_LEVEL: 'silent',
          DATA_DIR: dataDir,
          WEB_DIST_DIR: path.join(dataDir, 'no-web'),
          LLM_BASE_URL: fake.baseUrl,
          LLM_MODEL: 'fake',
          // The sweep that settles the reply once the database is back: every half second, not 4 s.
          REPLY_SWEEP_EVERY_MS: '500',
        }),
      ),
    );
    await built.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    proxy?.restore();
    await built?.close();
    await proxy?.close();
    await fake?.close();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('should fail and refund the reply after the cut and take the next message', async () => {
    const user = await built.seed.user({ credits: 10 });
    const chat = await built.seed.chat(user.id);
    const socket = await connected(connectSocket(url, user.token));
    const events = record(socket);
    try {
      const first = await send(socket, chat.id, 'hello');
      expect(first.error).toBeUndefined();
      await waitFor(events, (e) => JSON.stringify(e.payload ?? '').includes(' text'));

      proxy.cut();
      fake.release();
      // The reply ends while the database is away: its final write fails and the chat is let go,
      // the reply still `streaming` in the database. A sweep then cannot end it either.
      await vi.waitFor(() => expect(built.drive.conversation.isReplying(chat.id)).toBe(false), {
        timeout: 20_000,
        interval: 50,
      });
      await expect(built.drive.conversation.recoverInterrupted(Date.now(), true)).rejects.toThrow();
      proxy.restore();

      const error = await waitFor(events, (e) => e.event === 'message.error' && e.payload.chatId === chat.id, 9000);
      const replyId = error.payload.messageId as string;
      expect(error.payload.code).toBe('llm:interrupted');
      const row = await built.db
        .selectFrom('messages')
        .select(['status', 'content'])
        .where('id', '=', replyId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('failed');
      expect(row.content).toContain('Partial text');
      expect((await built.read.user(user.id))?.credits).toBe(10);

      fake.setScript({ chunks: ['Next'] });
      const next = await send(socket, chat.id, 'again');
      expect(next.error).toBeUndefined();
      const done = await waitFor(events, (e) => e.event === 'message.done' && e.payload.chatId === chat.id);
      expect(done.payload.message.content).toBe('Next');
    } finally {
      socket.close();
    }
  }, 40_000);
});
