import { describe, expect, it, vi } from 'vitest';
import { ReplyRegistry } from '../replies/registry.js';
import type { Settlement } from '../replies/settle.js';
import { ReplyRecovery } from './recovery.js';

const row = (id: string) => ({ id, chat_id: `chat-${id}`, user_id: `user-${id}`, content: 'partial', parts: null });

describe('ReplyRecovery', () => {
  it('should settle the other interrupted replies when one of them cannot be settled, and log it', async () => {
    const error = vi.fn();
    const settled: Settlement[] = [];
    const settle = vi.fn(async (settlement: Settlement) => {
      if (settlement.reply.userId === 'user-a') throw new Error('ledger unavailable');
      settled.push(settlement);
      return row(settlement.reply.messageId) as never;
    });
    const recovery = new ReplyRecovery(
      {
        config: { REDIS_URL: 'redis://127.0.0.1:6379', REPLY_STALE_AFTER_MS: 10_000 },
        log: { error, warn: vi.fn() } as never,
        messages: { listStaleStreaming: async () => [row('a'), row('b')], findById: async () => undefined } as never,
        settle,
      },
      new ReplyRegistry(),
    );
    expect(await recovery.recoverInterrupted(Date.now(), true)).toBe(1);
    expect(settle).toHaveBeenCalledTimes(2);
    // Only the reply that was settled counts; it is settled as interrupted with its saved text.
    expect(settled).toEqual([
      {
        reply: { userId: 'user-b', chatId: 'chat-b', messageId: 'b' },
        end: 'interrupted',
        content: 'partial',
        outcome: { finishReason: 'error' },
        error: { message: expect.any(String), code: 'llm:interrupted' },
      },
    ]);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ messageId: 'a' }),
      'could not end an interrupted reply',
    );
  });

  it('should skip a reply this process is generating', async () => {
    const registry = new ReplyRegistry();
    const { Reply } = await import('../replies/reply.js');
    registry.reserve('chat-a', 'busy');
    registry.register(new Reply('chat-a', 'user-a', 'a'));
    const settle = vi.fn();
    const recovery = new ReplyRecovery(
      {
        config: { REDIS_URL: undefined, REPLY_STALE_AFTER_MS: 10_000 },
        log: { error: vi.fn(), warn: vi.fn() } as never,
        messages: { listStaleStreaming: async () => [row('a')], findById: async () => undefined } as never,
        settle,
      },
      registry,
    );
    expect(await recovery.recoverInterrupted()).toBe(0);
    expect(settle).not.toHaveBeenCalled();
  });

  it("should tell an interrupted reply's user of it in their language (issue #43)", async () => {
    const settled: Settlement[] = [];
    const running = { type: 'tool', id: 't1', skill: 'web_search', status: 'running', input: {} };
    const recovery = new ReplyRecovery(
      {
        config: { REDIS_URL: undefined, REPLY_STALE_AFTER_MS: 10_000 },
        log: { error: vi.fn(), warn: vi.fn() } as never,
        messages: {
          listStaleStreaming: async () => [{ ...row('de'), parts: JSON.stringify([running]) }, row('en')],
          findById: async () => undefined,
        } as never,
        settle: async (settlement: Settlement) => {
          settled.push(settlement);
          return row(settlement.reply.messageId) as never;
        },
        users: { findById: async (id: string) => ({ locale: id === 'user-de' ? 'de' : null }) as never },
      },
      new ReplyRegistry(),
    );
    expect(await recovery.recoverInterrupted()).toBe(2);
    expect(settled[0]?.error?.message).toBe(
      'Der Server wurde neu gestartet, bevor die Antwort fertig war. Deine Credits für diese Nachricht wurden erstattet.',
    );
    expect(settled[0]?.parts).toEqual([
      { ...running, status: 'failed', output: { error: 'Gestoppt, bevor es fertig war.' } },
    ]);
    expect(settled[1]?.error?.message).toBe(
      'The server restarted before the reply was finished. Your credits for this message were refunded.',
    );
  });
});
