import type { Server as HttpServer } from 'node:http';
import {
  SESSION_NAMESPACE,
  type SessionClientEvents,
  type SessionServerEvents,
  VOICE_NAMESPACE,
  type VoiceClientEvents,
  type VoiceServerEvents,
} from '@neura/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { type Namespace, Server, type Socket } from 'socket.io';

/** Who a socket belongs to: whatever the authenticate function answers, with at least these. */
export interface SocketIdentity {
  user: { id: string };
  sessionId: string;
}

/** Resolves a connection's token; undefined when unknown or revoked. Given by the app (accounts). */
export type Authenticate<P extends SocketIdentity> = (token: string | undefined) => Promise<P | undefined>;

export interface SocketData<P extends SocketIdentity = SocketIdentity> {
  principal?: P;
  /** The app's logger, for the socket kit. */
  log?: FastifyBaseLogger;
}

export type SessionSocket<P extends SocketIdentity = SocketIdentity> = Socket<
  SessionClientEvents,
  SessionServerEvents,
  Record<string, never>,
  SocketData<P>
>;
export type VoiceSocket<P extends SocketIdentity = SocketIdentity> = Socket<
  VoiceClientEvents,
  VoiceServerEvents,
  Record<string, never>,
  SocketData<P>
>;
export type SessionHandler<P extends SocketIdentity = SocketIdentity> = (
  socket: SessionSocket<P>,
  principal: P,
) => void | Promise<void>;
export type VoiceHandler<P extends SocketIdentity = SocketIdentity> = (
  socket: VoiceSocket<P>,
  principal: P,
) => void | Promise<void>;

export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * The Socket.IO server: namespaces /session and /voice, token auth on connect, a room per user
 * and per login session. With REDIS_URL the Redis adapter makes N processes behave as one.
 */
export class Realtime<P extends SocketIdentity = SocketIdentity> {
  private io?: Server;
  private readonly sessionHandlers: SessionHandler<P>[] = [];
  private readonly voiceHandlers: VoiceHandler<P>[] = [];
  private readonly redisClients: Array<{ quit: () => Promise<unknown> }> = [];
  private emitterOnly = false;

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
   * Emit-only mode for a process that serves no sockets (the admin CLI): with Redis, what it emits
   * to a room reaches the sockets of every server process through the Redis adapter.
   */
  async attachEmitter(redisUrl: string): Promise<void> {
    const io = new Server();
    await this.useRedis(io, redisUrl);
    this.io = io;
    this.emitterOnly = true;
  }

  private async useRedis(io: Server, redisUrl: string): Promise<void> {
    const pub = createClient({ url: redisUrl });
    const sub = pub.duplicate();
    pub.on('error', (error) => this.log.error({ err: error }, 'redis pub error'));
    sub.on('error', (error) => this.log.error({ err: error }, 'redis sub error'));
    await Promise.all([pub.connect(), sub.connect()]);
    this.redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }

  async attach(httpServer: HttpServer, options: { redisUrl?: string; path?: string }): Promise<Server> {
    const io = new Server(httpServer, {
      path: options.path ?? '/socket.io',
      cors: { origin: true, credentials: true },
      maxHttpBufferSize: 2e6,
      pingInterval: 25_000,
      pingTimeout: 20_000,
    });
    if (options.redisUrl) await this.useRedis(io, options.redisUrl);
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
        this.log.error({ err: error }, 'socket authentication failed');
      }
      next();
    });
    namespace.on('connection', async (raw) => {
      const socket = raw as SessionSocket<P>;
      const principal = socket.data.principal;
      if (!principal) {
        socket.emit('authError', { message: 'Your session has expired. Please sign in again.' });
        socket.disconnect(true);
        return;
      }
      const joined = socket.join([userRoom(principal.user.id), sessionRoom(principal.sessionId)]);
      if (joined instanceof Promise) await joined;
      await Promise.all(handlers.map((handler) => this.run(handler, socket, principal)));
    });
  }

  private async run(handler: SessionHandler<P>, socket: SessionSocket<P>, principal: P): Promise<void> {
    try {
      await handler(socket, principal);
    } catch (error) {
      this.log.error({ err: error }, 'socket connection handler failed');
    }
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
    return this.session.to(userRoom(userId));
  }

  /** Disconnects every live socket of the given login sessions (on every process). */
  disconnectSessions(sessionIds: string[]): void {
    if (!this.io || sessionIds.length === 0) return;
    const rooms = sessionIds.map(sessionRoom);
    for (const ns of [this.session, this.voice]) {
      ns.in(rooms).emit('authError', { message: 'Your session has ended. Please sign in again.' });
      ns.in(rooms).disconnectSockets(true);
    }
  }

  async close(): Promise<void> {
    if (this.io && !this.emitterOnly) {
      this.io.disconnectSockets(true);
      await new Promise<void>((resolve) => {
        // io.close() also closes the HTTP server; Fastify closes that itself, so only unbind engine.
        this.io?.engine.close();
        resolve();
      });
    }
    await Promise.all(this.redisClients.map((c) => c.quit().catch(() => undefined)));
  }
}
