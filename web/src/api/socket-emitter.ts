import type { AckResult, ClientEvent, ClientEventMap, EventAck, EventPayload } from '@neura/contract';

/** The payload arguments of an event: none for an event without a payload (`endAudioData`). */
export type PayloadArgs<E extends ClientEvent> = [EventPayload<E>] extends [undefined]
  ? []
  : [payload: EventPayload<E>];

/**
 * A socket's client events typed by the contract's event map (event name → payload → ack), the
 * one the server's socket kit handles them with: `emit` sends without waiting; `emitWithAck`
 * waits up to `timeoutMs` for the ack and resolves with it (the success body or `{ error }`),
 * rejecting when none came in time.
 */
export interface TypedEmitter<M extends ClientEventMap> {
  emit<E extends keyof M & string>(event: E, ...payload: PayloadArgs<M[E]>): void;
  emitWithAck<E extends keyof M & string>(
    timeoutMs: number,
    event: E,
    ...payload: PayloadArgs<M[E]>
  ): Promise<AckResult<EventAck<M[E]>>>;
}

/** What the emitter calls on a socket.io-client socket. */
interface EmittingSocket {
  emit(event: string, ...args: unknown[]): unknown;
  timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> };
}

/**
 * The typed emitter of a socket of the namespace whose client events are `M` (its typed
 * socket.io-client `Socket`): the calls it makes are the socket's own `emit` and
 * `timeout(ms).emitWithAck`.
 */
export function typedEmitter<M extends ClientEventMap>(socket: object): TypedEmitter<M> {
  // socket.io's emit overloads do not narrow over a generic event name; the map types the calls instead.
  const s = socket as EmittingSocket;
  return {
    emit(event, ...payload) {
      s.emit(event, ...payload);
    },
    emitWithAck(timeoutMs, event, ...payload) {
      return s.timeout(timeoutMs).emitWithAck(event, ...payload) as Promise<AckResult<EventAck<M[typeof event]>>>;
    },
  };
}
