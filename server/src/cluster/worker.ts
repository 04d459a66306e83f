import cluster from 'node:cluster';
import type net from 'node:net';
import type { BuiltApp } from '../app.js';
import { type ClusterMessage, isClusterMessage } from './messages.js';

/** Response header naming the worker that answered (multi-process mode only; ids count from 1). */
export const WORKER_HEADER = 'x-neura-worker';

/**
 * A worker of the multi-process mode: it does not listen itself; the primary hands it TCP
 * connections (with the bytes it read to route them) and learns which Engine.IO sessions live
 * here, so long-polling requests come back to the same worker. Resolves once the worker is ready
 * (the primary starts routing to it then); `onListening` runs when the primary has opened the port.
 */
export function serveAsWorker(built: BuiltApp, onListening: (publicUrl: string) => void): void {
  const worker = cluster.worker;
  if (!worker) throw new Error('serveAsWorker runs in a cluster worker only');
  const id = String(worker.id);
  const server = built.app.server;
  const send = (message: ClusterMessage) => {
    if (process.connected) process.send?.(message);
  };

  // Node tracks an HTTP server's connections (headers/request timeouts, closing idle ones) from its
  // 'listening' event; this server never listens itself, so start that tracking here.
  for (const listener of server.listeners('listening')) {
    if (listener.name === 'setupConnectionsTracking') (listener as () => void).call(server);
  }

  // One request per connection: the next request (maybe of a session on another worker) goes
  // through the primary's routing again. WebSocket upgrades are not responses and stay open.
  server.prependListener('request', (_request, response) => {
    response.setHeader(WORKER_HEADER, id);
    response.shouldKeepAlive = false;
  });

  const engine = built.services.realtime.engine;
  if (engine) {
    engine.on('headers', (headers: Record<string, string>) => {
      headers[WORKER_HEADER] = id;
    });
    engine.on('connection', (session: { id: string; once: (event: 'close', listener: () => void) => void }) => {
      send({ type: 'neura:session', sid: session.id });
      session.once('close', () => send({ type: 'neura:session-closed', sid: session.id }));
    });
  }

  process.on('message', (message: unknown, handle: unknown) => {
    if (!isClusterMessage(message)) return;
    if (message.type === 'neura:listening') onListening(message.publicUrl);
    if (message.type !== 'neura:connection') return;
    // The connection may have closed on its way here.
    const socket = handle as net.Socket | undefined;
    if (!socket) return;
    server.emit('connection', socket);
    // Replay what the primary read, then let the socket read the rest itself.
    socket.emit('data', Buffer.from(message.head, 'base64'));
    socket.resume();
  });

  send({ type: 'neura:ready' });
}
