import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * A real Socket.IO server that first answers like a server whose database is away
 * (`serverUnavailable`, then disconnect), and then like a healthy one (`ready`).
 */
describe('session socket during a server outage', () => {
  let server: http.Server;
  let io: Server;
  let connections = 0;
  let tokens: unknown[] = [];

  beforeEach(async () => {
    connections = 0;
    tokens = [];
    server = http.createServer();
    io = new Server(server, { cors: { origin: true } });
    io.of('/session').on('connection', (socket) => {
      connections++;
      tokens.push(socket.handshake.query.token);
      if (connections <= 2) {
        socket.emit('serverUnavailable', { message: 'Briefly unavailable.', code: 'unavailable', retryable: true });
        socket.disconnect(true);
        return;
      }
      socket.emit('ready', {
        user: {
          email: 'ada@example.com',
          firstName: 'Ada',
          lastName: 'L',
          referralCode: 'X',
          proExpiry: null,
          isPro: false,
          flags: [],
          credits: 3,
        },
        chats: [],
        socketId: socket.id,
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    vi.stubEnv('VITE_API_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
    vi.resetModules();
  });

  afterEach(async () => {
    const { disconnectSession } = await import('./session-socket');
    disconnectSession();
    vi.unstubAllEnvs();
    io.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('should keep the token and reconnect until the server is ready again', async () => {
    const { useAppStore: store } = await import('../store/app-store');
    const { useUser } = await import('../store/user');
    const { connectSession } = await import('./session-socket');
    store.getState().setToken('tok-123');
    connectSession('tok-123');
    await vi.waitFor(() => expect(useUser.getState().user?.email).toBe('ada@example.com'), { timeout: 15_000 });
    expect(store.getState().token).toBe('tok-123');
    expect(connections).toBe(3);
    expect(tokens).toEqual(['tok-123', 'tok-123', 'tok-123']);
  }, 20_000);

  it('should still sign out on authError', async () => {
    io.of('/session').removeAllListeners('connection');
    io.of('/session').on('connection', (socket) => {
      socket.emit('authError', { message: 'Your session has expired. Please sign in again.' });
      socket.disconnect(true);
    });
    const { useAppStore: store } = await import('../store/app-store');
    const { connectSession } = await import('./session-socket');
    store.getState().setToken('tok-456');
    connectSession('tok-456');
    await vi.waitFor(() => expect(store.getState().token).toBeNull(), { timeout: 10_000 });
  });
});
