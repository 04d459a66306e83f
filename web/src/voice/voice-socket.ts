import {
  VOICE_NAMESPACE,
  type VoiceClientEventMap,
  type VoiceClientEvents,
  type VoiceServerEvents,
} from '@neura/contract';
import { io, type Socket } from 'socket.io-client';
import { apiBase, socketOrigin } from '../api/base-url';
import { type TypedEmitter, typedEmitter } from '../api/socket-emitter';
import { texts } from '../texts/texts';

export type VoiceSocket = Socket<VoiceServerEvents, VoiceClientEvents>;

/** The voice socket's client events, typed by the contract's event map (event → payload → ack). */
export const voiceEvents = (s: VoiceSocket): TypedEmitter<VoiceClientEventMap> => typedEmitter(s);

/** The /voice connection failed; the message is for the user. */
export class VoiceSocketError extends Error {}

/** Opens /voice for one recording (token in the query, SPEC.md §7); resolves once connected. */
export function openVoiceSocket(token: string): Promise<VoiceSocket> {
  const socket: VoiceSocket = io(`${socketOrigin(apiBase())}${VOICE_NAMESPACE}`, {
    path: '/socket.io',
    query: { token },
    transports: ['websocket', 'polling'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    const fail = (message: string) => {
      socket.close();
      reject(new VoiceSocketError(message));
    };
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', () => fail(texts.errors.disconnected));
    socket.once('authError', ({ message }) => fail(message));
  });
}
