import { describe, expect, it, vi } from 'vitest';
import type { ReplyStream } from '../realtime/reply-stream.js';
import { ReplyRecovery } from './recovery.js';
import { ReplyRegistry } from './reply-registry.js';

const noStream: ReplyStream = { delta() {}, reasoning() {}, tool() {}, error() {}, done() {} };
const row = (id: string) => ({ id, chat_id: `chat-${id}`, user_id: `user-${id}`, content: 'partial' });

describe('ReplyRecovery', () => {
  it('should end the other interrupted replies when one of them cannot be ended, and log it', async () => {
    const error = vi.fn();
    const told: unknown[] = [];
    const finishReply = vi.fn(async () => true);
    const refund = vi.fn(async (userId: string) => {
      if (userId === 'user-a') throw new Error('ledger unavailable');
      return 10;
    });
    const recovery = new ReplyRecovery(
      {
        config: { REDIS_URL: 'redis://127.0.0.1:6379' },
        log: { error, warn: vi.fn() } as never,
        messages: { listStaleStreaming: async () => [row('a'), row('b')], finishReply } as never,
        credits: { refund } as never,
        replyStreams: (reply) => ({ ...noStream, error: (e) => told.push({ ...reply, ...e }) }),
      },
      new ReplyRegistry(),
    );
    expect(await recovery.recoverInterrupted(Date.now(), true)).toBe(1);
    expect(finishReply).toHaveBeenCalledTimes(1);
    // Only the reply that was ended is told to its user's devices.
    expect(told).toEqual([
      { userId: 'user-b', chatId: 'chat-b', messageId: 'b', message: expect.any(String), code: 'llm:interrupted' },
    ]);
    expect(finishReply).toHaveBeenCalledWith('b', { content: 'partial', status: 'failed' });
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ messageId: 'a' }),
      'could not end an interrupted reply',
    );
  });
});
