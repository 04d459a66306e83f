import type { Message } from '@neura/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { dispatchMessages, flushDeltas, isStreaming, queueDelta, useMessages } from './messages';

const msg = (id: string, over: Partial<Message> = {}): Message => ({
  id,
  chatId: 'c1',
  role: 'assistant',
  content: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  status: 'complete',
  cost: 0,
  ...over,
});

beforeEach(() => useMessages.setState({ threads: {} }));

describe('messages store', () => {
  it('should merge history pages and live messages by id, oldest first', () => {
    dispatchMessages({ type: 'opened', chatId: 'c1' });
    dispatchMessages({ type: 'upserted', chatId: 'c1', message: msg('03', { status: 'streaming' }) });
    dispatchMessages({
      type: 'page',
      chatId: 'c1',
      page: [msg('01'), msg('02'), msg('03', { content: 'stale' })],
      hasMore: true,
    });
    const thread = useMessages.getState().threads.c1;
    expect(thread?.messages.map((m) => m.id)).toEqual(['01', '02', '03']);
    expect(thread?.messages[2]?.status).toBe('streaming');
    expect(thread?.hasMore).toBe(true);
    dispatchMessages({ type: 'page', chatId: 'c1', page: [msg('00')], hasMore: false });
    expect(useMessages.getState().threads.c1?.messages[0]?.id).toBe('00');
  });

  it('should batch deltas into one store write and finish with the done message', () => {
    dispatchMessages({ type: 'opened', chatId: 'c1' });
    dispatchMessages({ type: 'upserted', chatId: 'c1', message: msg('05', { status: 'streaming' }) });
    let writes = 0;
    const unsubscribe = useMessages.subscribe(() => writes++);
    queueDelta({ chatId: 'c1', messageId: '05', text: 'Hel' });
    queueDelta({ chatId: 'c1', messageId: '05', text: 'lo' });
    expect(writes).toBe(0);
    flushDeltas();
    unsubscribe();
    expect(writes).toBe(1);
    expect(useMessages.getState().threads.c1?.messages[0]?.content).toBe('Hello');
    expect(isStreaming(useMessages.getState().threads.c1)).toBe(true);
    dispatchMessages({ type: 'upserted', chatId: 'c1', message: msg('05', { content: 'Hello!', status: 'complete' }) });
    expect(isStreaming(useMessages.getState().threads.c1)).toBe(false);
  });

  it('should ignore events of chats not open in this tab', () => {
    dispatchMessages({ type: 'upserted', chatId: 'other', message: msg('01') });
    expect(useMessages.getState().threads.other).toBeUndefined();
  });

  it('should mark a failed reply and forget every chat on clear', () => {
    dispatchMessages({ type: 'opened', chatId: 'c1' });
    dispatchMessages({ type: 'upserted', chatId: 'c1', message: msg('07', { status: 'streaming' }) });
    dispatchMessages({ type: 'status', chatId: 'c1', messageId: '07', status: 'failed' });
    expect(useMessages.getState().threads.c1?.messages[0]?.status).toBe('failed');
    dispatchMessages({ type: 'cleared' });
    expect(useMessages.getState().threads).toEqual({});
  });
  it('should mark earlier versions superseded when a new version arrives, and keep its versions on done', () => {
    dispatchMessages({ type: 'opened', chatId: 'c1' });
    dispatchMessages({
      type: 'page',
      chatId: 'c1',
      page: [msg('01', { role: 'user' }), msg('02', { replyTo: '01', status: 'failed' })],
      hasMore: false,
    });
    const shell = msg('03', { replyTo: '01', status: 'streaming', versions: ['02', '03'] });
    dispatchMessages({ type: 'upserted', chatId: 'c1', message: shell });
    const done = msg('03', { replyTo: '01', content: 'Again.' });
    dispatchMessages({ type: 'upserted', chatId: 'c1', message: done });
    const messages = useMessages.getState().threads.c1?.messages ?? [];
    expect(messages.map((m) => [m.id, m.superseded ?? false, m.versions])).toEqual([
      ['01', false, undefined],
      ['02', true, ['02', '03']],
      ['03', false, ['02', '03']],
    ]);
    expect(messages[2]?.content).toBe('Again.');
    // An edited user message (message.updated) replaces its text.
    dispatchMessages({ type: 'upserted', chatId: 'c1', message: msg('01', { role: 'user', content: 'Edited' }) });
    expect(useMessages.getState().threads.c1?.messages[0]?.content).toBe('Edited');
  });
});
