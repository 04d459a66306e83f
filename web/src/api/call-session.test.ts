import { SOCKET_OPTIONS } from '@neura/contract';
import type { Server } from 'socket.io';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSessionServer } from '../test/session-server';
import { AppError, errorMessage } from './app-error';
import { CONNECT_WAIT_MS, callSession } from './call-session';
import { connectSession, disconnectSession, getSessionSocket } from './session-socket';

/** A real Socket.IO server on loopback: createChat refuses, deleteChat succeeds, generateName never answers. */
let io: Server;
let serverUrl = '';
beforeAll(async () => {
  ({ io, url: serverUrl } = await startSessionServer((socket) => {
    socket.on('createChat', (_persona: string, ack: (r: unknown) => void) =>
      ack({ error: { message: 'That persona needs Pro.', code: 'pro:required' } }),
    );
    socket.on('deleteChat', (_chatId: string, ack: (r: unknown) => void) => ack({ success: true }));
    socket.on('generateName', () => undefined);
  }));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await io.close();
});
afterEach(() => {
  vi.useRealTimers();
  disconnectSession();
});

async function connected() {
  const socket = await connectSession('tok');
  if (!socket) throw new Error('connectSession was superseded');
  if (!socket.connected) await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
}

describe('callSession', () => {
  it('should resolve with the acknowledgement body', async () => {
    await connected();
    await expect(callSession('deleteChat', 'c1')).resolves.toEqual({ success: true });
  });

  it("should reject with an AppError rebuilt from the server's { error: { message, code } }", async () => {
    await connected();
    const error = await callSession('createChat', 'pro-persona').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ message: 'That persona needs Pro.', code: 'pro:required', status: 0 });
    expect(errorMessage(error, 'fallback')).toBe('That persona needs Pro.');
  });

  it('should reject with code disconnected when there is no connected socket', async () => {
    // Signed out (or disconnected on purpose): refused at once.
    disconnectSession();
    expect(getSessionSocket()).toBeNull();
    const error = await callSession('deleteChat', 'c1').catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'disconnected',
      message: 'Not connected to the server. Check your connection and try again.',
    });
    expect(errorMessage(error, 'Failed to delete the chat.')).toBe('Failed to delete the chat.');
  });

  it('should wait for a socket still connecting and send once it is up (a chat just opened)', async () => {
    void connectSession('tok');
    expect(getSessionSocket()?.connected ?? false).toBe(false);
    await expect(callSession('deleteChat', 'c1')).resolves.toEqual({ success: true });
  });

  it('should reject with code disconnected once the wait for a socket that cannot connect is over', async () => {
    vi.stubEnv('VITE_API_URL', 'http://127.0.0.1:9');
    try {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const socket = await connectSession('tok');
      expect(socket?.active).toBe(true);
      const pending = callSession('deleteChat', 'c1').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(CONNECT_WAIT_MS + 1);
      expect(await pending).toMatchObject({ code: 'disconnected' });
      expect(socket?.connected).toBe(false);
    } finally {
      vi.stubEnv('VITE_API_URL', serverUrl);
    }
  });

  it('should reject with code timeout when the server never acknowledges', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await connected();
    const pending = callSession('generateName', 'c1').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(SOCKET_OPTIONS.timeout + 1);
    expect(await pending).toMatchObject({
      code: 'timeout',
      message: 'The server did not answer in time. Please try again in a moment.',
    });
  });
});
