import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { createTestChat, createTestUser, openSeedTarget } from '@neura/test-kit/seed';
import { type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, record, send, waitFor } from '../helpers/conversation.js';
import { connectSocket } from '../helpers/socket.js';

/** N10 (F13 on SQLite): SIGTERM mid-reply tells the user (`message.error`) before the sockets close. */
describe('N10: SIGTERM mid-reply on SQLite', () => {
  let fake: FakeOpenAI;
  let app: ServerProcess;

  beforeAll(async () => {
    fake = await startFakeOpenAI({ chunks: ['Partial', ' text', ' never sent'], holdAfter: 2 });
    app = await startServerProcess({ entry: 'source', env: { LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake' } });
  }, 120_000);
  afterAll(async () => {
    fake?.release();
    await app?.stop();
    await fake?.close();
  });

  it('should deliver message.error llm:interrupted and fail and refund the reply', async () => {
    const target = openSeedTarget({ dataDir: app.dataDir });
    const user = await createTestUser(target, { credits: 10, password: null });
    const chat = await createTestChat(target, user.id);
    await target.close();

    const socket = await connected(connectSocket(app.url, user.token));
    const events = record(socket);
    try {
      expect((await send(socket, chat.id, 'Tell me everything')).error).toBeUndefined();
      const shell = await waitFor(
        events,
        (r) => r.event === 'message.created' && r.payload.message.role === 'assistant',
      );
      await waitFor(events, (r) => r.event === 'message.delta');
      // Everything the server sent arrives before the connection's end (one ordered stream).
      const closed = new Promise((resolve) => socket.once('disconnect', resolve));
      await app.kill('SIGTERM');
      await closed;
      const replyId = shell.payload.message.id as string;
      const error = events.find((r) => r.event === 'message.error' && r.payload.messageId === replyId);
      expect(error?.payload.code).toBe('llm:interrupted');

      const after = openSeedTarget({ dataDir: app.dataDir });
      try {
        const row = await after.db.selectFrom('messages').select('status').where('id', '=', replyId).executeTakeFirst();
        expect(row?.status).toBe('failed');
        expect((await after.users.findById(user.id))?.credits).toBe(10);
      } finally {
        await after.close();
      }
    } finally {
      socket.close();
    }
  }, 120_000);
});
