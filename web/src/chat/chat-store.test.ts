import type { Message } from '@neura/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { flushDeltas, isStreaming, queueDelta, useChatStore } from './chat-store';
import { splitBlocks } from './streaming-markdown';

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

beforeEach(() => useChatStore.setState({ threads: {} }));

describe('chat store', () => {
  it('should merge history pages and live messages by id, oldest first', () => {
    const s = useChatStore.getState();
    s.open('c1');
    s.upsert('c1', msg('03', { status: 'streaming' }));
    s.addPage('c1', [msg('01'), msg('02'), msg('03', { content: 'stale' })], true);
    const thread = useChatStore.getState().threads.c1;
    expect(thread?.messages.map((m) => m.id)).toEqual(['01', '02', '03']);
    expect(thread?.messages[2]?.status).toBe('streaming');
    expect(thread?.hasMore).toBe(true);
    s.addPage('c1', [msg('00')], false);
    expect(useChatStore.getState().threads.c1?.messages[0]?.id).toBe('00');
  });

  it('should batch deltas into one store write and finish with the done message', () => {
    const s = useChatStore.getState();
    s.open('c1');
    s.upsert('c1', msg('05', { status: 'streaming' }));
    let writes = 0;
    const unsubscribe = useChatStore.subscribe(() => writes++);
    queueDelta({ chatId: 'c1', messageId: '05', text: 'Hel' });
    queueDelta({ chatId: 'c1', messageId: '05', text: 'lo' });
    expect(writes).toBe(0);
    flushDeltas();
    unsubscribe();
    expect(writes).toBe(1);
    expect(useChatStore.getState().threads.c1?.messages[0]?.content).toBe('Hello');
    expect(isStreaming(useChatStore.getState().threads.c1)).toBe(true);
    s.upsert('c1', msg('05', { content: 'Hello!', status: 'complete' }));
    expect(isStreaming(useChatStore.getState().threads.c1)).toBe(false);
  });

  it('should ignore events of chats not open in this tab', () => {
    useChatStore.getState().upsert('other', msg('01'));
    expect(useChatStore.getState().threads.other).toBeUndefined();
  });
});

describe('splitBlocks', () => {
  it('should split at blank lines but keep code fences whole', () => {
    expect(splitBlocks('# Title\n\nPara one\nline two\n\n```js\na\n\nb\n```\n\ntail')).toEqual([
      '# Title',
      'Para one\nline two',
      '```js\na\n\nb\n```',
      'tail',
    ]);
  });
});
