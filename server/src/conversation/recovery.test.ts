import { describe, expect, it, vi } from 'vitest';
import { ReplyRecovery } from './recovery.js';
import { ReplyRegistry } from './reply-registry.js';

const row = (id: string) => ({ id, chat_id: `chat-${id}`, user_id: `user-${id}`, content: 'partial' });

describe('ReplyRecovery', () => {
  it('should end the other interrupted replies when one of them cannot be ended, and log it', async () => {
    const error = vi.fn();
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
        realtime: { attached: false, toUser: vi.fn() } as never,
      },
      new ReplyRegistry(),
    );
    expect(await recovery.recoverInterrupted(Date.now(), true)).toBe(1);
    expect(finishReply).toHaveBeenCalledTimes(1);
    expect(finishReply).toHaveBeenCalledWith('b', { content: 'partial', status: 'failed' });
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ messageId: 'a' }),
      'could not end an interrupted reply',
    );
  });
});
