import { clientEvent } from '@neura/contract';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, INTERNAL_ERROR_MESSAGE } from '../src/errors.js';
import { socketKit } from '../src/realtime/socket-kit.js';
import { connectSocket, nextEvent, type TestSocket } from './helpers/socket.js';

type Answer = { error?: { message: string; code: string } } & Record<string, unknown>;

function ask(socket: TestSocket, event: string, ...args: unknown[]): Promise<Answer> {
  return new Promise((resolve) => {
    // biome-ignore lint/suspicious/noExplicitAny: the kit's test events are not in the contract's event map.
    (socket.emit as any)(event, ...args, (answer: Answer) => resolve(answer));
  });
}

describe('socket handler kit', () => {
  let t: TestApp;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    // Test-only events: their own event → schema → ack map, registered through the kit like every real one.
    const kit = socketKit({
      'test:echo': clientEvent<{ n: number; userId: string }>()(z.object({ n: z.number().int() })),
      'test:refuse': clientEvent<never>()(z.undefined()),
      'test:crash': clientEvent<never>()(z.undefined()),
    });
    t.drive.realtime.onSession((socket) => {
      kit.on(socket, 'test:echo', ({ n }, { userId }) => ({ n: n + 1, userId }));
      kit.on(socket, 'test:refuse', () => {
        throw new AppError('conflict', 'Not now.');
      });
      kit.on(socket, 'test:crash', () => {
        throw new Error('secret internals');
      });
    });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
  });

  const open = async () => {
    const user = await t.seed.user();
    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    await nextEvent(socket, 'ready');
    return { user, socket };
  };

  it('should validate the payload and answer the handler’s result with the caller’s user id', async () => {
    const { user, socket } = await open();
    expect(await ask(socket, 'test:echo', { n: 1 })).toEqual({ n: 2, userId: user.id });
  });

  it('should answer request:invalid when the payload does not fit the schema', async () => {
    const { socket } = await open();
    const answer = await ask(socket, 'test:echo', { n: 'one' });
    expect(answer.error?.code).toBe('request:invalid');
    expect(answer.error?.message).toMatch(/^n: /);
  });

  it('should answer an AppError with its own message and code', async () => {
    const { socket } = await open();
    expect(await ask(socket, 'test:refuse')).toMatchObject({ error: { message: 'Not now.', code: 'conflict' } });
  });

  it('should answer any other error with the one internal error and not leak it', async () => {
    const { socket } = await open();
    expect(await ask(socket, 'test:crash')).toMatchObject({
      error: { message: INTERNAL_ERROR_MESSAGE, code: 'internal' },
    });
  });

  it('should refuse a createChat without a persona with the contract schema’s message', async () => {
    const { socket } = await open();
    expect(await ask(socket, 'createChat', '   ')).toMatchObject({
      error: { message: 'Choose a persona to start a chat with.', code: 'request:invalid' },
    });
    expect((await ask(socket, 'deleteChat', 42)).error).toMatchObject({
      message: 'Name the chat to delete.',
      code: 'request:invalid',
    });
  });

  it('should validate /voice events and answer a payload that is not audio with request:invalid', async () => {
    const user = await t.seed.user();
    const voice = connectSocket(t.url, user.token, '/voice');
    sockets.push(voice);
    await new Promise<void>((resolve) => voice.once('connect', () => resolve()));
    expect((await ask(voice, 'audioData', 'not audio')).error?.code).toBe('request:invalid');
  });
});
