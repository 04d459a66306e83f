import type { SessionClientEvents, SessionServerEvents, VoiceClientEvents, VoiceServerEvents } from '@neura/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';

/** The socket layer's types and room names (realtime/realtime.ts re-exports them). */

/** Who a socket belongs to: whatever the authenticate function answers, with at least these. */
export interface SocketIdentity {
  /** `locale` (issue #43): the user's language, for refusals in it. */
  user: { id: string; locale?: string | null };
  sessionId: string;
}

/** Resolves a connection's token; undefined when unknown or revoked. Given by the app (accounts). */
export type Authenticate<P extends SocketIdentity> = (token: string | undefined) => Promise<P | undefined>;

export interface SocketData<P extends SocketIdentity = SocketIdentity> {
  principal?: P;
  /** The app's logger, for the socket kit. */
  log?: FastifyBaseLogger;
  /** The token could not be checked (database away): the socket gets `serverUnavailable`, not `authError`. */
  unavailable?: boolean;
  /** When the tab reported itself hidden (`visibility`); unset while it is seen (notifications/). */
  hiddenSince?: number;
  /** The temporary chat this tab has open (`temporaryChat`, or the one it made; chats/, issue #49). */
  temporaryChatId?: string;
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
