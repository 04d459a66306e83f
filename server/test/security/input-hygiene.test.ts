import type { TestUser } from '@neura/test-kit/seed';
import type { TestApp } from '@neura/test-kit/server/in-process';
import { startTestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/admin/cli.js';
import { call } from '../helpers/accounts.js';
import { connectSocket, nextEvent, type TestSocket } from '../helpers/socket.js';

const NUL = '\u0000';
const ESC = '\u001b';

/** F9: NUL and other control characters are a 400 at the edge (never a database 500); F15: the CLI escapes them. */
describe('control characters in input', () => {
  let t: TestApp;
  let user: TestUser;
  let chatId: string;

  beforeAll(async () => {
    t = await startTestApp();
    user = await t.seed.user();
    chatId = (await t.seed.chat(user.id)).id;
  });
  afterAll(async () => t?.stop());

  const cases: Array<[string, 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', () => string, unknown?]> = [
    ['login email', 'POST', () => '/users/login', { email: `a${NUL}@b.com`, password: 'x' }],
    ['login password', 'POST', () => '/users/login', { email: 'a@b.com', password: `pass${NUL}word` }],
    ['exists email in the path', 'GET', () => `/users/a%00b%40example.com/exists`],
    ['invite in the path', 'GET', () => '/invites/AB%00C'],
    [
      'registration names',
      'POST',
      () => '/users/',
      { email: 'n@example.com', firstName: `A${NUL}`, lastName: 'B', password: 'a long and quiet river' },
    ],
    [
      'registration escape in a name',
      'POST',
      () => '/users/',
      { email: 'n@example.com', firstName: `A${ESC}[2J`, lastName: 'B', password: 'a long and quiet river' },
    ],
    ['forgot email', 'POST', () => '/users/forgot', { email: `x${NUL}@example.com` }],
    ['verify email', 'POST', () => '/users/verify', { email: `x@exa${NUL}mple.com` }],
    ['waitlist email with an escape', 'POST', () => '/waitlist', { email: `x${ESC}]0;hi@example.com` }],
    ['chat id in the path', 'GET', () => '/users/me/chats/ab%00cd'],
    ['chat name', 'PATCH', () => `/users/me/chats/${chatId}`, { name: `My${NUL}chat` }],
    ['chat name with an escape', 'PATCH', () => `/users/me/chats/${chatId}`, { name: `My${ESC}[31mchat` }],
    ['messages before', 'GET', () => `/users/me/chats/${chatId}/messages?before=01%00`],
    ['feedback message', 'POST', () => '/feedback', { type: 'feedback', about: 'helpDocs.faq', message: `hi${NUL}` }],
    ['feedback escape', 'POST', () => '/feedback', { type: 'feedback', about: 'helpDocs.faq', message: `hi${ESC}[2J` }],
    ['a NUL in a key', 'POST', () => '/feedback', { type: 'feedback', about: 'helpDocs.faq', [`x${NUL}`]: 1 }],
    ['current password', 'PUT', () => '/users/me/password', { currentPassword: `a${NUL}`, password: 'b' }],
  ];

  it.each(cases)('should refuse a control character in the %s with a 400', async (_name, method, path, body) => {
    const res = await t.app.inject({
      method,
      url: `${t.apiPrefix}${path()}`,
      payload: body as Record<string, unknown> | undefined,
      headers: { authorization: `Bearer ${user.token}` },
      remoteAddress: '10.30.0.1',
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).code).toBe('request:invalid');
  });

  it('should keep newlines and tabs in feedback text', async () => {
    const res = await call(
      t,
      'POST',
      '/feedback',
      { type: 'feedback', about: 'helpDocs.faq', message: 'line one\n\tline two' },
      { token: user.token },
    );
    expect(res.status).toBeLessThan(300);
  });

  describe('on the socket', () => {
    let socket: TestSocket;
    beforeAll(async () => {
      socket = connectSocket(t.url, user.token);
      await nextEvent(socket, 'ready');
    });
    afterAll(() => socket?.close());

    // biome-ignore lint/suspicious/noExplicitAny: raw events with hostile payloads.
    const ask = (event: string, ...args: any[]) =>
      new Promise<{ error?: { code: string } }>((resolve) =>
        (socket as unknown as { emit: (...a: unknown[]) => void }).emit(event, ...args, resolve),
      );

    it.each([
      ['sendMessage text', 'sendMessage', () => [{ chatId, text: `hello${NUL}` }]],
      ['sendMessage escape', 'sendMessage', () => [{ chatId, text: `hello${ESC}[2J` }]],
      ['sendMessage chat id', 'sendMessage', () => [{ chatId: `x${NUL}`, text: 'hello' }]],
      ['stopMessage chat id', 'stopMessage', () => [{ chatId: `x${NUL}` }]],
      ['createChat persona', 'createChat', () => [`default${NUL}`]],
      ['createChat escape', 'createChat', () => [`default${ESC}`]],
      ['deleteChat id', 'deleteChat', () => [`x${ESC}`]],
      ['generateName id', 'generateName', () => [`x${ESC}`]],
      ['reloadChat id', 'reloadChat', () => [`x${ESC}`]],
      ['broadcast name', 'broadcast', () => [{ event: 'chat.renamed', data: { chatId, name: `x${ESC}[2J` } }]],
    ])('should answer a control character in the %s with request:invalid', async (_name, event, args) => {
      const answer = await ask(event, ...args());
      expect(answer.error?.code).toBe('request:invalid');
    });

    it('should still take a multi-line message', async () => {
      const answer = await ask('sendMessage', { chatId, text: 'line one\nline two' });
      expect(answer.error).toBeUndefined();
    });
  });

  it('should print user text in the admin CLI with control characters escaped (F15)', async () => {
    // A row written before the edge checks existed (or by another tool).
    await t.db
      .insertInto('waitlist')
      .values({
        id: 'w1',
        email: `evil${ESC}]0;owned${ESC}\\@example.com`,
        created_at: new Date().toISOString(),
        invited_at: null,
      })
      .execute();
    const db = t.config.database;
    const saved = { ...process.env };
    Object.assign(process.env, {
      DATA_DIR: t.config.DATA_DIR,
      DATABASE_URL: db.kind === 'postgres' ? db.url : db.file,
      LOG_LEVEL: 'silent',
    });
    const lines: string[] = [];
    try {
      expect(await runAdmin(['waitlist', 'list'], (line) => lines.push(line))).toBe(0);
    } finally {
      process.env = saved;
    }
    const output = lines.join('\n');
    expect(output).toContain('evil\\x1b]0;owned');
    expect(output).not.toContain(ESC);
  });
});
