import type { Message } from '@neura/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { dispatchMessages, useMessages } from './messages';

const msg = (id: string, over: Partial<Message> = {}): Message =>
  ({
    id,
    chatId: 'c',
    role: 'assistant',
    content: '',
    status: 'complete',
    createdAt: '2026-01-01T00:00:00Z',
    cost: 0,
    ...over,
  }) as Message;

const shown = () => useMessages.getState().threads.c;

beforeEach(() => {
  dispatchMessages({ type: 'cleared' });
  dispatchMessages({ type: 'opened', chatId: 'c' });
});

describe('messages store', () => {
  it('should apply a frame of deltas to each message in order, parts delta by delta', () => {
    dispatchMessages({
      type: 'page',
      chatId: 'c',
      page: [
        msg('m1', { status: 'streaming', content: 'A' }),
        msg('m2', {
          status: 'streaming',
          content: 'B',
          parts: [
            { type: 'text', text: 'B' },
            {
              type: 'tool',
              id: 't',
              skill: 'web_search',
              status: 'complete',
              input: { query: 'q' },
              output: { results: [] },
            },
          ],
        }),
      ],
      hasMore: false,
    });
    dispatchMessages({
      type: 'deltas',
      deltas: [
        { chatId: 'c', messageId: 'm1', text: 'b' },
        { chatId: 'c', messageId: 'm2', text: '\n' },
        { chatId: 'c', messageId: 'm1', text: 'c' },
        { chatId: 'c', messageId: 'm2', text: '\nxy' },
        { chatId: 'x', messageId: 'm1', text: 'lost' },
      ],
    });
    expect(shown()?.messages.map((m) => m.content)).toEqual(['Abc', 'B\n\nxy']);
    // As one delta at a time would: the first newline starts an empty text part after the card.
    expect(shown()?.messages[1]?.parts?.at(-1)).toEqual({ type: 'text', text: '\nxy' });
  });

  it('should catch up a streaming reply from a page that shows it further along', () => {
    dispatchMessages({
      type: 'page',
      chatId: 'c',
      page: [msg('m1', { status: 'streaming', content: 'Hel' })],
      hasMore: false,
    });
    dispatchMessages({
      type: 'page',
      chatId: 'c',
      page: [msg('m1', { status: 'streaming', content: 'Hello wor' })],
      hasMore: false,
      refresh: true,
    });
    expect(shown()?.messages[0]?.content).toBe('Hello wor');
    // A stale page (shorter text) does not roll the live copy back.
    dispatchMessages({ type: 'deltas', deltas: [{ chatId: 'c', messageId: 'm1', text: 'ld' }] });
    dispatchMessages({
      type: 'page',
      chatId: 'c',
      page: [msg('m1', { status: 'streaming', content: 'Hello' })],
      hasMore: false,
    });
    expect(shown()?.messages[0]?.content).toBe('Hello world');
  });

  it('should take a finished reply from the page, but never turn a finished one back into streaming', () => {
    dispatchMessages({
      type: 'page',
      chatId: 'c',
      page: [msg('m1', { status: 'streaming', content: 'Hel' })],
      hasMore: false,
    });
    dispatchMessages({ type: 'page', chatId: 'c', page: [msg('m1', { content: 'Hi' })], hasMore: false });
    expect(shown()?.messages[0]).toMatchObject({ status: 'complete', content: 'Hi' });
    dispatchMessages({
      type: 'page',
      chatId: 'c',
      page: [msg('m1', { status: 'streaming', content: 'Hi there' })],
      hasMore: false,
    });
    expect(shown()?.messages[0]).toMatchObject({ status: 'complete', content: 'Hi' });
  });

  it('should leave the state as it was when a refresh brings nothing new (nothing re-renders)', () => {
    const page = [msg('m1'), msg('m2')];
    dispatchMessages({ type: 'page', chatId: 'c', page, hasMore: true });
    const before = useMessages.getState().threads;
    // The page again, as the server sends it after the socket connects: equal messages, new objects.
    dispatchMessages({ type: 'page', chatId: 'c', page: page.map((m) => ({ ...m })), hasMore: false, refresh: true });
    expect(useMessages.getState().threads).toBe(before);
    // Something new does change it.
    dispatchMessages({ type: 'page', chatId: 'c', page: [msg('m3')], hasMore: false, refresh: true });
    expect(useMessages.getState().threads).not.toBe(before);
    expect(shown()?.messages.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
  });

  it('should mark a failed load and clear it with the next page; a refresh keeps hasMore', () => {
    dispatchMessages({ type: 'failed', chatId: 'c', error: 'Network lost' });
    expect(shown()).toMatchObject({ loaded: false, error: 'Network lost' });
    dispatchMessages({ type: 'page', chatId: 'c', page: [msg('m1')], hasMore: true });
    expect(shown()?.error).toBeUndefined();
    dispatchMessages({ type: 'page', chatId: 'c', page: [msg('m2')], hasMore: false, refresh: true });
    expect(shown()).toMatchObject({ hasMore: true, loaded: true });
    expect(shown()?.messages.map((m) => m.id)).toEqual(['m1', 'm2']);
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
