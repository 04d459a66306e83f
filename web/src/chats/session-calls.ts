import type { ErrorBody, SessionClientEvents } from '@neura/contract';
import { SOCKET_OPTIONS } from '@neura/contract';
import { getSessionSocket } from '../api/session-socket';
import { texts } from '../texts/texts';

/** A refused or failed socket call, carrying the server's message when it sent one. */
export class SocketCallError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly fromServer: boolean,
  ) {
    super(message);
    this.name = 'SocketCallError';
  }
}

type AckOf<E extends keyof SessionClientEvents> = Parameters<
  Extract<Parameters<SessionClientEvents[E]>[1], (...args: never[]) => unknown>
>[0];

/** Emits an event with an acknowledgement; resolves with the success body, rejects with SocketCallError. */
export async function callSession<E extends 'createChat' | 'deleteChat' | 'generateName' | 'reloadChat'>(
  event: E,
  arg: Parameters<SessionClientEvents[E]>[0],
): Promise<Exclude<AckOf<E>, { error: ErrorBody }>> {
  const socket = getSessionSocket();
  if (!socket?.connected) throw new SocketCallError(texts.chats.notConnected, 'network', false);
  let response: AckOf<E>;
  try {
    // biome-ignore lint/suspicious/noExplicitAny: emitWithAck's overloads do not narrow over a generic event.
    response = await (socket.timeout(SOCKET_OPTIONS.timeout) as any).emitWithAck(event, arg);
  } catch {
    throw new SocketCallError(texts.chats.notConnected, 'timeout', false);
  }
  if (response && typeof response === 'object' && 'error' in response) {
    const error = (response as { error: ErrorBody }).error;
    throw new SocketCallError(error.message, error.code, true);
  }
  return response as Exclude<AckOf<E>, { error: ErrorBody }>;
}

/** The server's message of a failure, else the fallback text. */
export function messageOr(error: unknown, fallback: string): string {
  if (error instanceof SocketCallError && error.fromServer && error.message) return error.message;
  if (error instanceof Error && error.name === 'ApiError' && error.message) return error.message;
  return fallback;
}
