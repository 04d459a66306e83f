import type { Chat } from '@neura/contract';
import { describe, expect, it } from 'vitest';
import { chatsReducer, dispatchChats, useChats } from './chats';

const chat = (id: string, over: Partial<Chat> = {}): Chat => ({
  id,
  name: `Chat ${id}`,
  persona: 'default',
  lastMessageAt: null,
  preview: null,
  isPinned: false,
  isArchived: false,
  ...over,
});

describe('chats reducer', () => {
  it('should keep this device’s temporary chat when the server’s list is loaded (it is never in it)', () => {
    const list = [chat('t', { temporary: true }), chat('a')];
    const next = chatsReducer(list, { type: 'loaded', chats: [chat('a'), chat('b')] });
    expect(next.map((c) => c.id)).toEqual(['t', 'a', 'b']);
    expect(chatsReducer(next, { type: 'removed', chatId: 't' }).map((c) => c.id)).toEqual(['a', 'b']);
  });

  it('should keep pinned chats first and the order otherwise', () => {
    const list = [chat('a'), chat('b', { isPinned: true }), chat('c')];
    const next = chatsReducer(list, { type: 'patched', chatId: 'c', fields: { name: 'C' } });
    expect(next.map((c) => c.id)).toEqual(['b', 'a', 'c']);
  });
  it('should add a new chat at the top of the unpinned ones and replace a known one in place', () => {
    const list = [chat('p', { isPinned: true }), chat('a')];
    expect(chatsReducer(list, { type: 'upserted', chat: chat('n') }).map((c) => c.id)).toEqual(['p', 'n', 'a']);
    expect(chatsReducer(list, { type: 'upserted', chat: chat('a', { name: 'x' }) })[1]?.name).toBe('x');
  });
  it('should patch fields, move a chat with a new message to the top and remove chats', () => {
    const list = [chat('a'), chat('b')];
    expect(
      chatsReducer(list, { type: 'patched', chatId: 'b', fields: { lastMessageAt: '2026-01-01T00:00:00Z' } }).map(
        (c) => c.id,
      ),
    ).toEqual(['b', 'a']);
    expect(chatsReducer(list, { type: 'patched', chatId: 'zz', fields: { name: 'x' } })).toBe(list);
    expect(chatsReducer(list, { type: 'removed', chatId: 'a' }).map((c) => c.id)).toEqual(['b']);
  });
  it('should replace the list on a load and empty it on clear, through the one dispatcher', () => {
    dispatchChats({ type: 'loaded', chats: [chat('a'), chat('b')] });
    expect(useChats.getState().chats.map((c) => c.id)).toEqual(['a', 'b']);
    dispatchChats({ type: 'cleared' });
    expect(useChats.getState().chats).toEqual([]);
  });
});
