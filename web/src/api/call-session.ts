import { type ErrorBody, type SessionClientEvents, SOCKET_OPTIONS } from '@neura/contract';
import { AppError } from './app-error';
import { getSessionSocket } from './session-socket';

/** The /session client events that take an acknowledgement. */
type AckedEvent = {
  [E in keyof SessionClientEvents]: Parameters<SessionClientEvents[E]> extends [unknown, ((response: never) => void)?]
    ? Parameters<SessionClientEvents[E]>['length'] extends 1
      ? never
      : E
    : never;
}[keyof SessionClientEvents];

type AckOf<E extends AckedEvent> =
  Parameters<SessionClientEvents[E]> extends [unknown, ((response: infer R) => void)?] ? R : never;
export type CallResult<E extends AckedEvent> = Exclude<AckOf<E>, { error: ErrorBody }>;

/**
 * Emits a /session event and waits for its acknowledgement. Resolves with the success body;
 * rejects with an AppError: the server's `{ error: { message, code } }`, `disconnected` when there
 * is no connected socket, `timeout` when no answer came within SOCKET_OPTIONS.timeout.
 */
export async function callSession<E extends AckedEvent>(
  event: E,
  payload: Parameters<SessionClientEvents[E]>[0],
): Promise<CallResult<E>> {
  const socket = getSessionSocket();
  if (!socket?.connected) throw AppError.client('disconnected');
  const timed = socket.timeout(SOCKET_OPTIONS.timeout);
  // emitWithAck's overloads do not narrow over a generic event name; the contract types it above.
  const emit = timed.emitWithAck.bind(timed) as (
    event: E,
    payload: Parameters<SessionClientEvents[E]>[0],
  ) => Promise<AckOf<E>>;
  let response: AckOf<E>;
  try {
    response = await emit(event, payload);
  } catch {
    throw AppError.client('timeout');
  }
  if (response !== null && typeof response === 'object' && 'error' in response) {
    throw AppError.fromBody((response as { error: unknown }).error);
  }
  return response as CallResult<E>;
}
