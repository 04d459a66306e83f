import fs from 'node:fs';
import path from 'node:path';
import { makePdf } from '@neura/test-kit/documents';
import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { uploadFile } from '@neura/test-kit/images';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/accounts.js';
import { type AckBody, connected, doneFor, record } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

/** Documents are deleted with their chat or account: no rows, no passages, no bytes left (issue #45). */
describe('document deletion', () => {
  let t: TestApp;
  let api: string;
  let model: FakeOpenAI;
  const sockets: TestSocket[] = [];

  const upload = async (user: TestUser, text: string, name: string) => {
    const res = await uploadFile(api, user.token, await makePdf([[text]]), { filename: name, type: 'application/pdf' });
    expect(res.body.status).toBe('ready');
    const row = await t.db.selectFrom('files').select('storage_key').where('id', '=', res.body.id).executeTakeFirst();
    return { id: String(res.body.id), bytes: path.join(t.config.DATA_DIR, 'files', String(row?.storage_key)) };
  };
  /** What is left of a document: its rows (file, document, passages) and its bytes on disk. */
  const left = async (doc: { id: string; bytes: string }) => {
    const count = async (table: 'files' | 'documents' | 'document_chunks') =>
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(table === 'files' ? 'id' : 'file_id', '=', doc.id)
          .executeTakeFirst()
      )?.n;
    return {
      file: Number(await count('files')),
      document: Number(await count('documents')),
      chunks: Number(await count('document_chunks')),
      bytes: fs.existsSync(doc.bytes),
    };
  };
  const gone = { file: 0, document: 0, chunks: 0, bytes: false };

  beforeAll(async () => {
    model = await startFakeOpenAI({ chunks: ['Noted.'] });
    t = await startTestApp({ LLM_BASE_URL: model.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-fake' });
    api = `${t.url}${t.apiPrefix}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await model.close();
  });

  it("should leave no row, passage or byte of a chat's documents once the chat is deleted, nor of any document once the account is", async () => {
    const user = await t.seed.user({ credits: 50 });
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    const inChat = await upload(user, 'The garden gate sticks in winter.', 'garden.pdf');
    const knowledge = await upload(user, 'Roses need pruning in March.', 'roses.pdf');
    const unsent = await upload(user, 'Draft notes never sent.', 'draft.pdf');
    expect(await left(inChat)).toMatchObject({ file: 1, document: 1, bytes: true });

    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    const events = record(await connected(socket));
    const ack = await new Promise<AckBody>((resolve) =>
      socket.emit('sendMessage', { chatId: chat.id, text: 'Read it', attachments: [inChat.id] }, (r) =>
        resolve(r as AckBody),
      ),
    );
    expect(ack.messageId).toBeDefined();
    await doneFor(events, chat.id);
    const persona = {
      name: 'Gardener',
      instructions: 'Answer garden questions.',
      visibility: 'private',
      knowledge: [knowledge.id],
    };
    expect((await call(t, 'POST', '/users/me/personas', persona, { token: user.token })).status).toBe(201);

    expect((await call(t, 'DELETE', `/users/me/chats/${chat.id}`, undefined, { token: user.token })).status).toBe(200);
    expect(await left(inChat)).toEqual(gone);
    expect((await left(knowledge)).chunks).toBeGreaterThan(0);

    expect((await call(t, 'DELETE', '/users/me', { password: user.password }, { token: user.token })).status).toBe(200);
    expect(await left(knowledge)).toEqual(gone);
    expect(await left(unsent)).toEqual(gone);
  });
});
