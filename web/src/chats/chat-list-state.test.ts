import type { Chat } from '@neura/contract';
import { describe, expect, it } from 'vitest';
import { chatFields, patchChat, removeChat, sortChats, upsertChat, visibleChats } from './chat-list-state';

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

describe('chat list state', () => {
  it('should keep pinned chats first and the order otherwise', () => {
    expect(sortChats([chat('a'), chat('b', { isPinned: true }), chat('c')]).map((c) => c.id)).toEqual(['b', 'a', 'c']);
  });
  it('should add a new chat at the top of the unpinned ones and replace a known one in place', () => {
    const list = [chat('p', { isPinned: true }), chat('a')];
    expect(upsertChat(list, chat('n')).map((c) => c.id)).toEqual(['p', 'n', 'a']);
    expect(upsertChat(list, chat('a', { name: 'x' }))[1]?.name).toBe('x');
  });
  it('should patch fields, move a chat with a new message to the top and remove chats', () => {
    const list = [chat('a'), chat('b')];
    expect(patchChat(list, 'b', { lastMessageAt: '2026-01-01T00:00:00Z' }).map((c) => c.id)).toEqual(['b', 'a']);
    expect(patchChat(list, 'zz', { name: 'x' })).toBe(list);
    expect(removeChat(list, 'a').map((c) => c.id)).toEqual(['b']);
  });
  it('should filter by name and preview, case-insensitively, and hide archived chats unless asked', () => {
    const list = [
      chat('a', { name: 'Trip to Lisbon' }),
      chat('b', { preview: 'the LISBON tram' }),
      chat('c', { name: 'lisbon archive', isArchived: true }),
      chat('d'),
    ];
    expect(visibleChats(list, 'lisbon', false).map((c) => c.id)).toEqual(['a', 'b']);
    expect(visibleChats(list, '', true).map((c) => c.id)).toEqual(['c']);
    expect(visibleChats(list, '  ', false)).toHaveLength(3);
  });
  it('should keep only known fields of chat.updated', () => {
    expect(chatFields({ isPinned: true, evil: 1, name: 5 })).toEqual({ isPinned: true });
  });
});
