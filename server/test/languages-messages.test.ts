import type { FakeServer } from '@neura/test-kit/fakes/http';
import { type FakeOpenAI, startFakeOpenAI, toolScript } from '@neura/test-kit/fakes/openai';
import { startFakeSearxng } from '@neura/test-kit/fakes/searxng';
import type { createTestUser, TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, doneFor, type Recorded, record, send } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

/**
 * Issue #43: messages with names and numbers in them, and a reply's failure sentences, reach the
 * user in their language (the user's choice, else Accept-Language); en-US stays byte for byte.
 */
describe('languages: messages with values, and failures in replies', () => {
  let t: TestApp;
  let model: FakeOpenAI;
  let searxng: FakeServer;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    [model, searxng] = await Promise.all([startFakeOpenAI(), startFakeSearxng()]);
    t = await startTestApp({
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake',
      LLM_API_KEY: 'sk-fake',
      SEARXNG_URL: searxng.url,
      CUSTOM_PERSONA_INSTRUCTIONS_MAX: '300',
    });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await Promise.all([model.close(), searxng.close()]);
  });

  const inject = (method: 'POST' | 'PATCH', url: string, user: TestUser, body: unknown, headers = {}) =>
    t.app.inject({
      method,
      url: `${t.apiPrefix}${url}`,
      headers: { authorization: `Bearer ${user.token}`, ...headers },
      payload: body as Record<string, unknown>,
    });
  const userIn = async (locale: string | null, extra: Parameters<typeof createTestUser>[1] = {}) => {
    const user = await t.seed.user(extra);
    if (locale) expect((await inject('PATCH', '/users/me', user, { locale })).statusCode).toBe(200);
    return user;
  };
  const open = async (token: string) => {
    const socket = connectSocket(t.url, token);
    sockets.push(socket);
    return connected(socket);
  };

  it("refuses a message over the length limit in a German user's language, with the limit in it", async () => {
    const de = await userIn('de');
    const chat = await t.seed.chat(de.id, 'mindful-coach');
    const ack = await send(await open(de.token), chat.id, 'x'.repeat(8001));
    expect(ack.error).toMatchObject({ code: 'request:invalid' });
    expect(ack.error?.message).toBe('Nachrichten dürfen höchstens 8000 Zeichen lang sein.');

    const en = await userIn(null);
    const enChat = await t.seed.chat(en.id, 'mindful-coach');
    const english = await send(await open(en.token), enChat.id, 'x'.repeat(8001));
    expect(english.error?.message).toBe('Messages can be at most 8000 characters long.');
  });

  it("answers a Japanese visitor's over-long persona in Japanese, with the limit in it; en-US unchanged", async () => {
    const user = await userIn(null);
    const body = { name: 'Quill', instructions: 'x'.repeat(301), visibility: 'private' };
    const ja = await inject('POST', '/users/me/personas', user, body, { 'accept-language': 'ja-JP,ja;q=0.9' });
    expect(ja.statusCode).toBe(400);
    expect(ja.json().message).toBe('指示は 300 文字以内にしてください。');
    const en = await inject('POST', '/users/me/personas', user, body);
    expect(en.json().message).toBe('Instructions must be at most 300 characters.');
    // The user's own choice wins over the browser's.
    await inject('PATCH', '/users/me', user, { locale: 'fr' });
    const fr = await inject('POST', '/users/me/personas', user, body, { 'accept-language': 'ja' });
    expect(fr.json().message).toBe('Les instructions peuvent contenir au maximum 300 caractères.');
  });

  it("writes a skill's failure in the tool card in the reply's user's language, and keeps it so", async () => {
    const toolErrors = (events: Recorded[]) =>
      events
        .filter((r) => r.event === 'message.tool' && r.payload.call.status === 'failed')
        .map((r) => r.payload.call.output.error as string);
    const run = async (locale: string | null) => {
      const user = await userIn(locale, { credits: 50, proExpiry: new Date(Date.now() + 86_400_000).toISOString() });
      const chat = await t.seed.chat(user.id, 'scout');
      const socket = await open(user.token);
      const events = record(socket);
      searxng.fail({ status: 500 });
      model.setScript(toolScript({ calls: [{ name: 'web_search', arguments: '{"query":"x"}' }], after: ['Sorry.'] }));
      await send(socket, chat.id, 'search');
      const done = await doneFor(events, chat.id);
      searxng.fail(undefined);
      const history = await t.app.inject({
        method: 'GET',
        url: `${t.apiPrefix}/users/me/chats/${chat.id}/messages`,
        headers: { authorization: `Bearer ${user.token}` },
      });
      const stored = history.json().at(-1).parts[0].output.error;
      return { streamed: toolErrors(events), done: done.payload.message.parts[0].output.error, stored };
    };

    const de = await run('de');
    const german = 'Suchdienst: Fehler (HTTP 500). Versuche es später noch einmal.';
    expect(de).toEqual({ streamed: [german], done: german, stored: german });

    const en = await run(null);
    const english = 'The search service failed (HTTP 500). Try again later.';
    expect(en).toEqual({ streamed: [english], done: english, stored: english });
  });
});
