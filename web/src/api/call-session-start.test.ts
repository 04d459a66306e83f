import type { Server } from 'socket.io';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSessionServer } from '../test/session-server';
import { callSession } from './call-session';
import { connectSession, disconnectSession, getSessionSocket } from './session-socket';

/**
 * A page that has just loaded: a signed-in app connects its session socket only once the server has
 * answered its start-up check (app/use-session-connection.ts), and a chat can show before that. A
 * message sent then waits for the connection instead of being refused. (Its own file: the page's
 * first connection happens once per module instance.)
 */
let io: Server;
beforeAll(async () => {
  ({ io } = await startSessionServer((socket) => {
    socket.on('deleteChat', (_chatId: string, ack: (r: unknown) => void) => ack({ success: true }));
  }));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await io.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('callSession on a page that has not connected yet', () => {
  it('should wait for the first connection, asked for once the app has started, and send then', async () => {
    expect(getSessionSocket()).toBeNull();
    const pending = callSession('deleteChat', 'c1');
    let settled = false;
    void pending.finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    void connectSession('tok');
    await expect(pending).resolves.toEqual({ success: true });
  });

  it('should refuse at once after a disconnect (signed out), without waiting', async () => {
    disconnectSession();
    vi.useFakeTimers();
    await expect(callSession('deleteChat', 'c1')).rejects.toMatchObject({ code: 'disconnected' });
  });
});
