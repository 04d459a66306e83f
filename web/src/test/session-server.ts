import { SESSION_NAMESPACE } from '@neura/contract';
import { Server, type Socket } from 'socket.io';
import { vi } from 'vitest';

/**
 * A real Socket.IO server on loopback standing in for /session, with `onConnection` adding the
 * events a test answers; VITE_API_URL points at it (the caller unstubs it and closes `io`).
 */
export async function startSessionServer(onConnection: (socket: Socket) => void): Promise<{ io: Server; url: string }> {
  const io = new Server(0, { cors: { origin: '*' } });
  io.of(SESSION_NAMESPACE).on('connection', onConnection);
  await new Promise<void>((resolve) => io.httpServer.once('listening', () => resolve()));
  const address = io.httpServer.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  vi.stubEnv('VITE_API_URL', url);
  return { io, url };
}
