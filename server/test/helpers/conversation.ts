import type { TestSocket } from './socket.js';
import { nextEvent } from './socket.js';

export interface Recorded {
  event: string;
  // biome-ignore lint/suspicious/noExplicitAny: payloads differ per event; tests read what they need.
  payload: any;
}

/** Records every event a socket receives, in order. */
export function record(socket: TestSocket): Recorded[] {
  const events: Recorded[] = [];
  socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
  return events;
}

export async function connected(socket: TestSocket): Promise<TestSocket> {
  await nextEvent(socket, 'ready');
  return socket;
}

export type AckBody = { messageId?: string; success?: true; name?: string; error?: { message: string; code: string } };

export function send(socket: TestSocket, chatId: string, text: string): Promise<AckBody> {
  return new Promise((resolve) => socket.emit('sendMessage', { chatId, text }, (r) => resolve(r as AckBody)));
}

export function stop(socket: TestSocket, chatId: string): Promise<AckBody> {
  return new Promise((resolve) => socket.emit('stopMessage', { chatId }, (r) => resolve(r as AckBody)));
}

/** Waits until an event matching the predicate was recorded. */
export async function waitFor(events: Recorded[], predicate: (r: Recorded) => boolean, ms = 10_000): Promise<Recorded> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = events.find(predicate);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`timed out; saw ${events.map((e) => e.event).join(', ')}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const doneFor = (events: Recorded[], chatId: string) =>
  waitFor(events, (r) => (r.event === 'message.done' || r.event === 'message.error') && r.payload.chatId === chatId);

export const deltasOf = (events: Recorded[], messageId: string): string =>
  events
    .filter((r) => r.event === 'message.delta' && r.payload.messageId === messageId)
    .map((r) => r.payload.text as string)
    .join('');
