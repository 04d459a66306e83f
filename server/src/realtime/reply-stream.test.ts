import type { Message, ToolCall } from '@neura/contract';
import { describe, expect, it } from 'vitest';
import { replyStreams } from './reply-stream.js';

/** A stand-in for Realtime.toUser: records which room each event went to. */
function fakeRealtime(attached = true) {
  const sent: Array<{ room: string; event: string; payload: unknown }> = [];
  const lookups: string[] = [];
  const toUser = (userId: string) => {
    lookups.push(userId);
    return { emit: (event: string, payload: unknown) => sent.push({ room: `user:${userId}`, event, payload }) };
  };
  return { realtime: { toUser, attached } as never, sent, lookups };
}

describe('reply streams (realtime/reply-stream.ts)', () => {
  const reply = { userId: 'u1', chatId: 'c1', messageId: 'm1' };

  it("should send each event of a reply to its user's room, tagged with its chat and message", () => {
    const { realtime, sent } = fakeRealtime();
    const stream = replyStreams(realtime)(reply);
    const call = { id: 'call-1', skill: 'web_search', status: 'running', input: { query: 'x' } } as unknown as ToolCall;
    const message = { id: 'm1', role: 'assistant', content: 'Hello' } as unknown as Message;
    stream.reasoning('Thinking');
    stream.delta('Hel');
    stream.tool(call);
    stream.delta('lo');
    stream.done(message);
    stream.error({ message: 'The model failed.', code: 'llm:failed' });
    expect(sent).toEqual([
      { room: 'user:u1', event: 'message.reasoning', payload: { chatId: 'c1', messageId: 'm1', text: 'Thinking' } },
      { room: 'user:u1', event: 'message.delta', payload: { chatId: 'c1', messageId: 'm1', text: 'Hel' } },
      { room: 'user:u1', event: 'message.tool', payload: { chatId: 'c1', messageId: 'm1', call } },
      { room: 'user:u1', event: 'message.delta', payload: { chatId: 'c1', messageId: 'm1', text: 'lo' } },
      { room: 'user:u1', event: 'message.done', payload: { chatId: 'c1', message } },
      {
        room: 'user:u1',
        event: 'message.error',
        payload: { chatId: 'c1', messageId: 'm1', message: 'The model failed.', code: 'llm:failed' },
      },
    ]);
  });

  it('should look the room up once, on the first event, not when the stream is opened', () => {
    const { realtime, lookups } = fakeRealtime();
    const stream = replyStreams(realtime)(reply);
    expect(lookups).toEqual([]);
    stream.delta('a');
    stream.delta('b');
    stream.done({ id: 'm1' } as unknown as Message);
    expect(lookups).toEqual(['u1']);
  });

  it('should send nothing, and not fail, while no Socket.IO server is attached (the admin CLI)', () => {
    const { realtime, sent, lookups } = fakeRealtime(false);
    const stream = replyStreams(realtime)(reply);
    stream.delta('a');
    stream.error({ message: 'Interrupted.', code: 'llm:interrupted' });
    expect(sent).toEqual([]);
    expect(lookups).toEqual([]);
  });
});
