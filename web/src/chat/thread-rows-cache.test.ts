import type { Message } from '@neura/contract';
import { describe, expect, it } from 'vitest';
import { testMessage as msg } from '../test/message';
import { threadRows } from './actions/versions';
import { nextRows, rowKey } from './thread-rows-cache';

/** The messages with one of them replaced by a copy changed by `over` (a store write). */
const withChange = (messages: Message[], id: string, over: Partial<Message>) =>
  messages.map((m) => (m.id === id ? { ...m, ...over } : m));

const history = [
  msg('01', { role: 'user' }),
  msg('02', { replyTo: '01', superseded: true, status: 'failed' }),
  msg('03', { replyTo: '01', content: 'Once', finishReason: 'length' }),
  msg('04', { role: 'user', content: 'Continue from where you stopped.' }),
  msg('05', { replyTo: '04', content: ' upon', status: 'streaming' }),
];

/** The user's version choices: the list's state, the same object from one render to the next. */
const none: Record<string, string> = {};

describe('nextRows', () => {
  it('should patch the row of a reply whose text grew, keeping the keys, as threadRows would build it', () => {
    const first = nextRows(null, history, none);
    const grown = withChange(history, '05', { content: ' upon a time' });
    const next = nextRows(first, grown, none);
    expect(next.rows).toEqual(threadRows(grown, none));
    expect(next.rows[1]?.message.content).toBe(' upon a time');
    expect(next.keys).toBe(first.keys);
    // The other rows are the same objects: their memoized items do not render again.
    expect(next.rows[0]).toBe(first.rows[0]);
  });

  it('should patch an earlier part of a continued answer', () => {
    const first = nextRows(null, history, none);
    const edited = withChange(history, '03', { content: 'Once more' });
    const next = nextRows(first, edited, none);
    expect(next.rows).toEqual(threadRows(edited, none));
    expect(next.rows[1]?.continued?.before[0]?.content).toBe('Once more');
  });

  it('should rebuild the rows when more than a text changed, with new keys only when they differ', () => {
    const first = nextRows(null, history, none);
    const ended = withChange(history, '03', { finishReason: 'stop' });
    const rebuilt = nextRows(first, ended, none);
    expect(rebuilt.rows).toEqual(threadRows(ended, none));
    expect(rebuilt.keys).toEqual(threadRows(ended, none).map(rowKey));
    const done = withChange(history, '05', { status: 'complete', finishReason: 'stop' });
    const same = nextRows(first, done, none);
    expect(same.rows).toEqual(threadRows(done, none));
    expect(same.keys).toBe(first.keys);
    const longer = [...history, msg('06', { role: 'user' })];
    expect(nextRows(first, longer, none).rows).toEqual(threadRows(longer, none));
  });

  it('should follow the version the user chose', () => {
    const plain = [msg('01', { role: 'user' }), msg('02', { replyTo: '01' }), msg('03', { replyTo: '01' })];
    const first = nextRows(null, plain, none);
    const key = first.rows[1]?.version?.key as string;
    const chosen = { [key]: '02' };
    expect(nextRows(first, plain, chosen).rows).toEqual(threadRows(plain, chosen));
    // A version not shown changed: the rows stay as they are.
    const hidden = withChange(plain, '03', { content: 'other' });
    const second = nextRows(nextRows(first, plain, chosen), hidden, chosen);
    expect(second.rows).toEqual(threadRows(hidden, chosen));
  });
});
