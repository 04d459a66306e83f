import {
  SESSION_NAMESPACE,
  type SessionClientEventMap,
  VOICE_NAMESPACE,
  type VoiceClientEventMap,
} from '@neura/contract';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { typedEmitter } from './socket-emitter';

/** A real Socket.IO server on loopback that records what each event brought and acks on request. */
let server: Server;
let url: string;
const received: Array<{ event: string; args: unknown[] }> = [];
beforeAll(async () => {
  server = new Server(0, { cors: { origin: '*' } });
  for (const namespace of [SESSION_NAMESPACE, VOICE_NAMESPACE]) {
    server.of(namespace).on('connection', (socket) => {
      socket.onAny((event: string, ...args: unknown[]) => {
        const ack = typeof args.at(-1) === 'function' ? (args.pop() as (r: unknown) => void) : undefined;
        received.push({ event, args });
        if (event === 'endAudioData') ack?.({ transcript: 'hello' });
        else if (event === 'generateName') return;
        else ack?.({ error: { message: 'Not now.', code: 'conflict' } });
      });
    });
  }
  await new Promise<void>((resolve) => server.httpServer.once('listening', () => resolve()));
  const address = server.httpServer.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await server.close();
});
const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
  received.length = 0;
});

async function open(namespace: string): Promise<Socket> {
  const socket = connect(`${url}${namespace}`, { transports: ['websocket'], forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return socket;
}

describe('typedEmitter', () => {
  it('should send endAudioData with no payload at all and resolve with its ack', async () => {
    const voice = typedEmitter<VoiceClientEventMap>(await open(VOICE_NAMESPACE));
    await expect(voice.emitWithAck(5_000, 'endAudioData')).resolves.toEqual({ transcript: 'hello' });
    expect(received).toEqual([{ event: 'endAudioData', args: [] }]);
  });

  it('should send the payload and resolve with an error ack as it came', async () => {
    const session = typedEmitter<SessionClientEventMap>(await open(SESSION_NAMESPACE));
    await expect(session.emitWithAck(5_000, 'deleteChat', 'c1')).resolves.toEqual({
      error: { message: 'Not now.', code: 'conflict' },
    });
    expect(received).toEqual([{ event: 'deleteChat', args: ['c1'] }]);
  });

  it('should emit without an ack', async () => {
    const socket = await open(SESSION_NAMESPACE);
    typedEmitter<SessionClientEventMap>(socket).emit('stopMessage', { chatId: 'c1' });
    await expect.poll(() => received).toEqual([{ event: 'stopMessage', args: [{ chatId: 'c1' }] }]);
  });

  it('should reject when no ack comes in time', async () => {
    const session = typedEmitter<SessionClientEventMap>(await open(SESSION_NAMESPACE));
    await expect(session.emitWithAck(50, 'generateName', 'c1')).rejects.toThrow();
  });
});
