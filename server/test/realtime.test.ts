import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, nextEvent } from './helpers/socket.js';

describe('socket auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.stop());

  for (const ns of ['/session', '/voice']) {
    it(`should send authError then disconnect on a bad token (${ns})`, async () => {
      const socket = connectSocket(t.url, 'not-a-token', ns);
      const authError = nextEvent<{ message: string }>(socket, 'authError');
      const disconnected = nextEvent(socket, 'disconnect');
      expect((await authError).message).toBeTruthy();
      await disconnected;
      socket.close();
    });
  }

  it('should send authError without any token', async () => {
    const socket = connectSocket(t.url, undefined);
    await nextEvent(socket, 'authError');
    socket.close();
  });

  it('should send ready with the user, chats and socket id on a valid token', async () => {
    const user = await t.seed.user({ credits: 7 });
    const socket = connectSocket(t.url, user.token);
    const ready = await nextEvent<{ user: { email: string; credits: number }; chats: unknown[]; socketId: string }>(
      socket,
      'ready',
    );
    expect(ready.user.email).toBe(user.email);
    expect(ready.user.credits).toBe(7);
    expect(ready.chats).toEqual([]);
    expect(ready.socketId).toBe(socket.id);
    socket.close();
  });

  it('should disconnect live sockets of a session when it logs out', async () => {
    const user = await t.seed.user();
    const socket = connectSocket(t.url, user.token);
    await nextEvent(socket, 'ready');
    const authError = nextEvent(socket, 'authError');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.statusCode).toBe(200);
    await authError;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(me.statusCode).toBe(401);
    socket.close();
  });
});
