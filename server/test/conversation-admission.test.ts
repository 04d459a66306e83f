import { type FakeOpenAI, type FakeRequest, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AckBody, connected, doneFor, record } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

/**
 * What a new chat's first message reads before its reply (issue #50: the path from a send to the
 * model's request): the statements the app runs, counted through the test app's query log.
 */
describe('a new chat’s first message', () => {
  let t: TestApp;
  let model: FakeOpenAI;
  const statements: string[] = [];
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    model = await startFakeOpenAI({ chunks: ['Ahoy.'] });
    t = await startTestApp(
      { LLM_BASE_URL: model.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-fake' },
      { onStatement: (sql) => statements.push(sql) },
    );
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await model.close();
  });

  /** createChatWithMessage until its reply is done: the statements it ran and the model's request. */
  async function firstMessage(user: TestUser, text: string): Promise<{ sql: string[]; request: FakeRequest }> {
    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    const events = record(await connected(socket));
    const from = statements.length;
    const requests = model.requests.length;
    const ack = await new Promise<AckBody & { chatId?: string }>((resolve) =>
      socket.emit('createChatWithMessage', { persona: 'pirate-storyteller', text }, (r) => resolve(r as AckBody)),
    );
    if (!ack.chatId) throw new Error(`send refused: ${JSON.stringify(ack)}`);
    await doneFor(events, ack.chatId);
    const request = model.requests.slice(requests).find((r) => r.body.stream === true);
    if (!request) throw new Error('no model request');
    return { sql: statements.slice(from).map((s) => s.replace(/\s+/g, ' ').trim().toLowerCase()), request };
  }
  const system = (request: FakeRequest) => String(request.body.messages[0]?.content ?? '');
  /** Reads of memory items (not the settings' "any item kept?", which asks inside the settings' read). */
  const itemReads = (sql: string[]) =>
    sql.filter((s) => /^(select|with)/.test(s) && s.includes('memory_items') && !s.includes('memory_settings'));

  it('should read neither the chat nor its persona back, nor memory items, nor documents when the user keeps none', async () => {
    const user = await t.seed.user({ credits: 50 });
    const { sql, request } = await firstMessage(user, 'Tell me of the sea');

    // The model's context is the message just sent; the memory section is there (its tools too).
    expect(request.body.messages.at(-1)).toMatchObject({ role: 'user', content: 'Tell me of the sea' });
    expect(system(request)).toContain('(nothing remembered yet)');
    expect(sql.filter((s) => s.startsWith('select') && /from "(messages|chats)"/.test(s))).toEqual([]);
    // The persona is read once, as the chat is made (the send checks that row).
    expect(sql.filter((s) => s.startsWith('select') && s.includes('from "personas"'))).toHaveLength(1);
    expect(itemReads(sql)).toEqual([]);
    expect(sql.filter((s) => s.includes('"knowledge"') || s.includes('from "documents"'))).toEqual([]);
    // The charge reads the spending limits' time zone with the debit, not by a statement of its own.
    expect(sql.filter((s) => s.startsWith('select') && s.includes('from "spending_limits"'))).toEqual([]);
    expect(sql.filter((s) => s.startsWith('update "users" set "credits"'))).toHaveLength(1);
  });

  it('should read the sender while the chat is made, and the memory settings beside the charge', async () => {
    const user = await t.seed.user({ credits: 50 });
    const { sql, request } = await firstMessage(user, 'Tell me of the harbour');

    const first = (pattern: RegExp) => sql.findIndex((s) => pattern.test(s));
    const userRead = first(/^select .* from "users" where "id" = /);
    const chatInsert = first(/^insert into "chats"/);
    const settingsRead = first(/^select .*"memory_settings"/);
    const messagesInsert = first(/^insert into "messages"/);
    expect([userRead, chatInsert, settingsRead, messagesInsert].every((i) => i >= 0)).toBe(true);
    // Neither read waits for the write before it (a round trip each less on PostgreSQL). The log is
    // in the order statements end: on SQLite's one connection that is the order they were asked in;
    // on PostgreSQL's pool a read asked first may end after a write on another connection.
    if (t.config.database.kind === 'sqlite') {
      expect(userRead).toBeLessThan(chatInsert);
      expect(settingsRead).toBeLessThan(messagesInsert);
    }
    // The sender is read once, and the reply still carries the memory section.
    expect(sql.filter((s) => /^select .* from "users" where "id" = /.test(s))).toHaveLength(1);
    expect(system(request)).toContain('(nothing remembered yet)');
  });

  it('should still read and carry the items of a user who keeps some', async () => {
    const user = await t.seed.user({ credits: 50 });
    await t.drive.memory.add(user.id, { text: 'Sails a red sloop.' });
    const { sql, request } = await firstMessage(user, 'Tell me of the sea again');

    expect(system(request)).toContain('Sails a red sloop.');
    expect(itemReads(sql)).toHaveLength(1);
  });
});
