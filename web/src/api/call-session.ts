import {
  type AckResult,
  type EventAck,
  type EventPayload,
  type SessionClientEventMap,
  SOCKET_OPTIONS,
} from '@neura/contract';
import { AppError } from './app-error';
import { connectedSession, getSessionSocket, type SessionSocket } from './session-socket';
import { type PayloadArgs, type TypedEmitter, typedEmitter } from './socket-emitter';

/**
 * How long a call waits for a session socket that is still connecting (a page just opened on a slow
 * phone or a busy machine: 5 s was too short for e2e runs at load 10).
 */
export const CONNECT_WAIT_MS = 15_000;

/** The session socket's client events, typed by the contract's event map (event → payload → ack). */
export const sessionEvents = (s: SessionSocket): TypedEmitter<SessionClientEventMap> => typedEmitter(s);

/**
 * Emits a /session event and waits for its acknowledgement, typed by the contract's event map
 * (event → payload → ack). Resolves with the success body; rejects with an AppError: the server's
 * `{ error: { message, code } }`, `disconnected` when there is no connected socket (after waiting CONNECT_WAIT_MS for one being made), `timeout` when
 * no answer came within SOCKET_OPTIONS.timeout.
 */
export async function callSession<E extends keyof SessionClientEventMap>(
  event: E,
  payload: EventPayload<SessionClientEventMap[E]>,
): Promise<EventAck<SessionClientEventMap[E]>> {
  // A connection being made is waited for a little (connectedSession); none by then: disconnected.
  const open = getSessionSocket();
  const socket = open?.connected ? open : await connectedSession(CONNECT_WAIT_MS);
  if (!socket?.connected) throw AppError.client('disconnected');
  // Every /session event has a payload; a generic E leaves the map's conditional types unresolved.
  const args = [payload] as PayloadArgs<SessionClientEventMap[E]>;
  let response: AckResult<EventAck<SessionClientEventMap[E]>>;
  try {
    response = await sessionEvents(socket).emitWithAck(SOCKET_OPTIONS.timeout, event, ...args);
  } catch {
    throw AppError.client('timeout');
  }
  if (response !== null && typeof response === 'object' && 'error' in response) {
    throw AppError.fromBody(response.error);
  }
  return response as EventAck<SessionClientEventMap[E]>;
}
