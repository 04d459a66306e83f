import type { Server as HttpServer } from 'node:http';
import {
  CONTROL_CHARS_MESSAGE,
  SESSION_NAMESPACE,
  type SessionClientEvents,
  type SessionServerEvents,
  UNAVAILABLE_MESSAGE,
  VOICE_NAMESPACE,
  type VoiceClientEvents,
  type VoiceServerEvents,
} from '@neura/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type Namespace, Server } from 'socket.io';
import { newId } from '../lib/ids.js';
import { containsNul } from '../lib/input-guard.js';
import { runWithRequestId } from '../lib/request-context.js';
import { API_CSP, REFERRER_POLICY } from '../lib/security-headers.js';
import { originAllowed } from './allowed-origins.js';
import { type Presence, presenceIn } from './presence.js';
import type { RedisLink } from './redis-health.js';
import {
  type Authenticate,
  type SessionHandler,
  type SessionSocket,
  type SocketIdentity,
  sessionRoom,
  userRoom,
  type VoiceHandler,
} from './socket-types.js';

export type {
  Authenticate,
  SessionHandler,
  SessionSocket,
  SocketData,
  SocketIdentity,
  VoiceHandler,
} from './socket-types.js';
export { userRoom } from './socket-types.js';

/**
 * The `broadcast` relay of SPEC §7: a change one device made to a chat (`chat.renamed` /
 * `chat.updated`) goes to the user's OTHER devices, never back to the sender or to anyone else.
 */
export function relayToOtherDevices(
  socket: SessionSocket,
  userId: string,
  message:
    | { event: 'chat.renamed'; data: Parameters<SessionServerEvents['chat.renamed']>[0] }
    | { event: 'chat.updated'; data: Parameters<SessionServerEvents['chat.updated']>[0] },
): void {
  const others = socket.to(userRoom(userId));
  if (message.event === 'chat.renamed') others.emit('chat.renamed', message.data);
  else others.emit('chat.updated', message.data);
}

/**
 * The Socket.IO server: namespaces /session and /voice, token auth on connect, a room per user
 * and per login session. With REDIS_URL the Redis adapter makes N processes behave as one.
 */
export class Realtime<P extends SocketIdentity = SocketIdentity> {
  private io?: Server;
  private readonly sessionHandlers: SessionHandler<P>[] = [];
  private readonly voiceHandlers: VoiceHandler<P>[] = [];
  private maxSocketsPerUser = 20;
  private readonly observers: Array<(event: string, payload: unknown) => void> = [];

  constructor(
    private readonly authenticate: Authenticate<P>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Features add what happens when an authenticated socket connects. */
  onSession(handler: SessionHandler<P>): void {
    this.sessionHandlers.push(handler);
  }

  onVoice(handler: VoiceHandler<P>): void {
    this.voiceHandlers.push(handler);
  }

  /**
   * Channels carry REDIS_PREFIX, so deployments sharing one Redis never hear each other. The
   * adapter's modules load only here: a process without Redis starts without them.
   */
  private async useRedis(io: Server, redis: RedisLink): Promise<void> {
    const { createAdapter } = await import('@socket.io/redis-adapter');
    io.adapter(createAdapter(redis.adapterPublisher(), redis.subscriber, { key: redis.key('socket.io') }));
  }

  async attach(
    httpServer: HttpServer,
    options: { redis?: RedisLink; path?: string; publicUrl?: string; maxSocketsPerUser?: number },
  ): Promise<Server> {
    this.maxSocketsPerUser = options.maxSocketsPerUser ?? 20;
    const io = new Server(httpServer, {
      path: options.path ?? '/socket.io',
      // Browsers may connect only from this host, PUBLIC_URL's origins or the native shells.
      // CORS covers polling; allowRequest also covers WebSocket upgrades, which CORS does not.
      cors: {
        origin: (origin, callback) => callback(null, originAllowed(origin, undefined, options.publicUrl) || false),
        credentials: true,
      },
      allowRequest: (req, callback) =>
        callback(null, originAllowed(req.headers.origin, req.headers.host, options.publicUrl)),
      // The largest payload is a message (8,000 characters) or a 0.5 s voice chunk (16 KB); a bigger
      // packet closes the connection before it is parsed (finding N1: 1.9 MB payloads stalled the loop).
      maxHttpBufferSize: 262_144,
      pingInterval: 25_000,
      pingTimeout: 20_000,
    });
    // Engine.IO's own answers (polling, handshakes) get the API's headers too: data, never a page.
    io.engine.on('headers', (headers: Record<string, string>) => {
      headers['Content-Security-Policy'] = API_CSP;
      headers['X-Content-Type-Options'] = 'nosniff';
      headers['X-Frame-Options'] = 'DENY';
      // The same referrer policy as every other answer (issue #40, informational).
      headers['Referrer-Policy'] = REFERRER_POLICY;
    });
    if (options.redis) await this.useRedis(io, options.redis);
    this.setup(io.of(SESSION_NAMESPACE) as Namespace, this.sessionHandlers);
    this.setup(io.of(VOICE_NAMESPACE) as Namespace, this.voiceHandlers as unknown as SessionHandler<P>[]);
    this.io = io;
    return io;
  }

  /**
   * Authenticates during the handshake (so the client's `connect` comes after it), then on
   * connection: `authError` and disconnect without a valid token, else the user's and the
   * session's rooms and every feature's handlers. Handlers start together, so the listeners they
   * add synchronously are in place before any event of the client can arrive.
   */
  private setup(namespace: Namespace, handlers: SessionHandler<P>[]): void {
    namespace.use(async (raw, next) => {
      const socket = raw as SessionSocket<P>;
      socket.data.log = this.log;
      const token = socket.handshake.query.token ?? socket.handshake.auth?.token;
      try {
        socket.data.principal = await this.authenticate(typeof token === 'string' ? token : undefined);
      } catch (error) {
        // The token could not be checked (database away): not an auth failure. The client keeps
        // its token and connects again; only a token known to be bad gets authError.
        this.log.warn({ err: error }, 'socket authentication could not be checked');
        socket.data.unavailable = true;
      }
      next();
    });
    namespace.on('connection', async (raw) => {
      const socket = raw as SessionSocket<P>;
      if (socket.data.unavailable) {
        socket.emit('serverUnavailable', { message: UNAVAILABLE_MESSAGE, code: 'unavailable', retryable: true });
        socket.disconnect(true);
        return;
      }
      const principal = socket.data.principal;
      if (!principal) {
        socket.emit('authError', { message: 'Your session has expired. Please sign in again.' });
        socket.disconnect(true);
        return;
      }
      // Edge guard: a payload with NUL anywhere is answered 400-style and never reaches a handler.
      socket.use((packet, next) => {
        const args = packet.slice(1);
        if (!containsNul(args)) return next();
        const ack = args[args.length - 1];
        if (typeof ack !== 'function') return;
        // Refused before any handler: its own request id, logged once and in the ack.
        const requestId = newId();
        runWithRequestId(requestId, () =>
          this.log.info({ event: packet[0] }, 'socket event refused: control characters'),
        );
        ack({ error: { message: CONTROL_CHARS_MESSAGE, code: 'request:invalid', requestId } });
      });
      const joined = socket.join([userRoom(principal.user.id), sessionRoom(principal.sessionId)]);
      if (joined instanceof Promise) await joined;
      await Promise.all([
        ...handlers.map((handler) => this.run(handler, socket, principal)),
        this.capSockets(namespace, principal.user.id, socket.id),
      ]);
    });
  }

  private async run(handler: SessionHandler<P>, socket: SessionSocket<P>, principal: P): Promise<void> {
    try {
      await handler(socket, principal);
    } catch (error) {
      this.log.error({ err: error }, 'socket connection handler failed');
    }
  }

  /**
   * At most MAX_SOCKETS_PER_USER sockets per user and namespace (on every process with Redis):
   * past it, the oldest are disconnected.
   */
  private async capSockets(namespace: Namespace, userId: string, newest: string): Promise<void> {
    const room = userRoom(userId);
    let sockets: Array<{ id: string; handshake: { issued: number }; disconnect: (close?: boolean) => unknown }>;
    try {
      sockets = await namespace.in(room).fetchSockets();
    } catch {
      // Redis away: count this process's sockets only.
      sockets = await namespace.local.in(room).fetchSockets();
    }
    const excess = sockets.length - this.maxSocketsPerUser;
    if (excess <= 0) return;
    const oldest = sockets
      .filter((s) => s.id !== newest)
      .sort((a, b) => a.handshake.issued - b.handshake.issued)
      .slice(0, excess);
    for (const s of oldest) s.disconnect(true);
  }

  /** The /session namespace; events about a user's data go to `toUser(userId)`. */
  get session(): Namespace<SessionClientEvents, SessionServerEvents> {
    if (!this.io) throw new Error('Realtime is not attached yet');
    return this.io.of(SESSION_NAMESPACE) as unknown as Namespace<SessionClientEvents, SessionServerEvents>;
  }

  get voice(): Namespace<VoiceClientEvents, VoiceServerEvents> {
    if (!this.io) throw new Error('Realtime is not attached yet');
    return this.io.of(VOICE_NAMESPACE) as unknown as Namespace<VoiceClientEvents, VoiceServerEvents>;
  }

  get attached(): boolean {
    return this.io !== undefined;
  }

  toUser(userId: string) {
    const target = this.session.to(userRoom(userId));
    if (this.observers.length === 0) return target;
    // Observers (metrics) see each event this process sends to a user, as it is sent.
    const emit = target.emit.bind(target);
    const observers = this.observers;
    target.emit = ((event: string, ...args: unknown[]) => {
      for (const observe of observers) observe(event, args[0]);
      return (emit as (event: string, ...rest: unknown[]) => boolean)(event, ...args);
    }) as typeof target.emit;
    return target;
  }

  /**
   * A user's sockets on this process only: for an event every process received at once (the admin
   * channel), which each delivers to its own sockets. Not observed (no reply events come this way).
   */
  toUserHere(userId: string) {
    return this.session.local.to(userRoom(userId));
  }

  /** The user's /session sockets on every process, with when each tab said it was hidden (notifications/). */
  presence(userId: string): Promise<Presence[]> {
    return this.io ? presenceIn(this.session as unknown as Namespace, userId) : Promise.resolve([]);
  }

  /** Adds an observer of the events sent to users through `toUser` (metrics, tracing). */
  observe(observer: (event: string, payload: unknown) => void): void {
    this.observers.push(observer);
  }

  /**
   * Disconnects every live socket of the given login sessions: on every process, or with `here`
   * on this one only (every process was told, see `toUserHere`).
   */
  disconnectSessions(sessionIds: string[], here = false): void {
    if (!this.io || sessionIds.length === 0) return;
    const rooms = sessionIds.map(sessionRoom);
    for (const ns of [this.session, this.voice]) {
      const target = here ? ns.local.in(rooms) : ns.in(rooms);
      target.emit('authError', { message: 'Your session has ended. Please sign in again.' });
      target.disconnectSockets(true);
    }
  }

  async close(): Promise<void> {
    if (this.io) {
      // Clients live in /session and /voice (io.disconnectSockets reaches only "/"). Each
      // connection closes once what was emitted to it is written (the shutdown's message.error,
      // finding N10); engine.close() would discard it, so it runs after, or after 2 s at most.
      const io = this.io;
      const namespaces = [io.of(SESSION_NAMESPACE), io.of(VOICE_NAMESPACE)];
      const conns = new Set(namespaces.flatMap((ns) => [...ns.sockets.values()].map((socket) => socket.conn)));
      const closed = Promise.all(
        [...conns].map(
          (conn) =>
            new Promise<void>((resolve) => {
              if (conn.readyState === 'closed') resolve();
              else conn.once('close', () => resolve());
            }),
        ),
      );
      for (const ns of namespaces) ns.disconnectSockets(true);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([closed, new Promise<void>((resolve) => (timer = setTimeout(resolve, 2000)))]);
      clearTimeout(timer);
      // io.close() also closes the HTTP server; Fastify closes that itself, so only unbind engine.
      io.engine.close();
    }
  }
}
