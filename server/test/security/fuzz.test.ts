import type { SessionClientEvents, VoiceClientEvents } from '@neura/contract';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, nextEvent, type TestSocket } from '../helpers/socket.js';

/**
 * A bounded fuzz run (fast-check, fixed seed so a failure replays) of REST bodies, path segments
 * and socket payloads: the server answers every one without a 5xx and without crashing. Runs on
 * SQLite and, in the integration-pg project, on PostgreSQL (where NUL and odd text used to 500).
 */
const SEED = 16_016;
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\u001b[2J', '%00', '../../etc/passwd', "' OR 1=1 --", '<script>x</script>'),
);
const value = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
);
const body = fc.oneof(
  fc.dictionary(
    fc.oneof(
      text,
      fc.constantFrom('email', 'password', 'name', 'message', 'firstName', 'lastName', 'verifyCode', 'currentPassword'),
    ),
    value,
    { maxKeys: 6 },
  ),
  fc.anything({ maxDepth: 2 }),
);

describe('fuzzing the API and the socket', () => {
  let t: TestApp;
  let user: TestUser;
  let chatId: string;
  let messageIds: string[];

  beforeAll(async () => {
    t = await startTestApp();
    user = await t.seed.user({ credits: 1000 });
    const chat = await t.seed.chat(user.id);
    chatId = chat.id;
    // A finished exchange, so the message actions reach past their argument checks.
    messageIds = await t.seed.messages({ id: chat.id, userId: user.id }, [
      { role: 'user', content: 'hello' },
      { role: 'assistant', content: 'hi', status: 'failed' },
    ]);
  });
  afterAll(async () => t?.stop());

  const routes: Array<['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', (segment: string) => string]> = [
    ['POST', () => '/users/login'],
    ['POST', () => '/users/'],
    ['POST', () => '/users/verify'],
    ['POST', () => '/users/verify/validate'],
    ['POST', () => '/users/forgot'],
    ['POST', () => '/users/forgot/validate'],
    ['POST', () => '/users/forgot/reset'],
    ['POST', () => '/waitlist'],
    ['POST', () => '/feedback'],
    ['PUT', () => '/users/me/password'],
    ['PATCH', (s) => `/users/me/chats/${s}`],
    ['PATCH', () => `/users/me/chats/${chatId}`],
    ['GET', (s) => `/users/${s}/exists`],
    ['GET', (s) => `/invites/${s}`],
    ['GET', (s) => `/users/me/chats/${s}`],
    ['GET', (s) => `/users/me/chats/${chatId}/messages?before=${s}&limit=${s}`],
    ['GET', (s) => `/personas/${s}/icon.svg`],
    ['DELETE', (s) => `/users/me/chats/${s}`],
  ];

  it('should answer fuzzed REST calls without a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: routes.length - 1 }),
        text,
        body,
        fc.integer({ min: 1, max: 250 }),
        async (index, segment, payload, octet) => {
          const [method, path] = routes[index] as (typeof routes)[number];
          const res = await t.app.inject({
            method,
            url: `${t.apiPrefix}${path(encodeURIComponent(segment))}`,
            ...(method === 'GET' ? {} : { payload: JSON.stringify(payload) }),
            headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
            remoteAddress: `10.99.${octet}.1`,
          });
          expect(res.statusCode, `${method} ${path(segment)} → ${res.body}`).toBeLessThan(500);
        },
      ),
      { numRuns: 400, seed: SEED },
    );
  }, 240_000);

  describe('on the socket', () => {
    let socket: TestSocket;
    beforeAll(async () => {
      socket = connectSocket(t.url, user.token);
      await nextEvent(socket, 'ready');
    });
    afterAll(() => socket?.close());

    const events = [
      'sendMessage',
      'createChatWithMessage',
      'stopMessage',
      'createChat',
      'deleteChat',
      'broadcast',
      'generateName',
      'reloadChat',
      'retryMessage',
      'regenerateMessage',
      'editMessage',
      'addChatPersona',
      'nextSpeaker',
      'visibility',
      'temporaryChat',
    ] as const satisfies ReadonlyArray<keyof SessionClientEvents>;
    // Every client event of the contract is fuzzed: a new one fails the type check until it is listed.
    const everyEvent: [Exclude<keyof SessionClientEvents, (typeof events)[number]>] extends [never] ? true : never =
      true;
    expect(everyEvent).toBe(true);

    it('should acknowledge fuzzed socket events without an internal error and stay connected', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...events),
          fc.oneof(
            body,
            text,
            fc.record({ chatId: fc.oneof(text, fc.constant(chatId)), text: value }),
            fc.record({
              chatId: fc.oneof(text, fc.constant(chatId)),
              messageId: fc.oneof(text, fc.constantFrom(...messageIds)),
              text: value,
            }),
          ),
          async (event, payload) => {
            const answer = await new Promise<unknown>((resolve, reject) => {
              const timer = setTimeout(() => reject(new Error(`no answer to ${event}`)), 10_000);
              (socket as unknown as { emit: (...a: unknown[]) => void }).emit(event, payload, (r: unknown) => {
                clearTimeout(timer);
                resolve(r);
              });
            });
            const code = (answer as { error?: { code?: string } } | undefined)?.error?.code;
            expect(code, `${event} ${JSON.stringify(payload)}`).not.toBe('internal');
            expect(socket.connected).toBe(true);
          },
        ),
        { numRuns: 250, seed: SEED },
      );
    }, 240_000);
  });

  describe('on /voice', () => {
    let voice: TestSocket;
    beforeAll(async () => {
      voice = connectSocket(t.url, user.token, '/voice');
      await new Promise<void>((resolve, reject) => {
        voice.once('connect', () => resolve());
        voice.once('connect_error', reject);
      });
    });
    afterAll(() => voice?.close());

    const voiceEvents = ['audioData', 'endAudioData'] as const satisfies ReadonlyArray<keyof VoiceClientEvents>;
    const everyVoiceEvent: [Exclude<keyof VoiceClientEvents, (typeof voiceEvents)[number]>] extends [never]
      ? true
      : never = true;
    expect(everyVoiceEvent).toBe(true);

    it('should acknowledge fuzzed voice events without an internal error and stay connected', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...voiceEvents),
          fc.oneof(body, text, fc.uint8Array({ maxLength: 64 }), fc.constant(undefined)),
          async (event, payload) => {
            const answer = await new Promise<unknown>((resolve, reject) => {
              const timer = setTimeout(() => reject(new Error(`no answer to ${event}`)), 10_000);
              const ack = (r: unknown) => {
                clearTimeout(timer);
                resolve(r);
              };
              const emit = (voice as unknown as { emit: (...a: unknown[]) => void }).emit.bind(voice);
              if (payload === undefined) emit(event, ack);
              else emit(event, payload, ack);
            });
            const code = (answer as { error?: { code?: string } } | undefined)?.error?.code;
            expect(code, `${event} ${JSON.stringify(payload)}`).not.toBe('internal');
            expect(voice.connected).toBe(true);
          },
        ),
        { numRuns: 120, seed: SEED },
      );
    }, 240_000);
  });
});
