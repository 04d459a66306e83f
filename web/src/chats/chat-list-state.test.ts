import type { Chat } from '@neura/contract';
import { describe, expect, it } from 'vitest';
import { chatFields, visibleChats } from './chat-list-state';

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
  it('should filter by name and preview, case-insensitively, archived included; without a search hide archived chats unless asked', () => {
    const list = [
      chat('a', { name: 'Trip to Lisbon' }),
      chat('b', { preview: 'the LISBON tram' }),
      chat('c', { name: 'lisbon archive', isArchived: true }),
      chat('d'),
    ];
    expect(visibleChats(list, 'lisbon', false).map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(visibleChats(list, 'lisbon', true).map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(visibleChats(list, '', true).map((c) => c.id)).toEqual(['c']);
    expect(visibleChats(list, '  ', false)).toHaveLength(3);
  });
  it('should match the plain text of a markdown preview', () => {
    const list = [chat('a', { preview: '**Bold** move' }), chat('b', { preview: 'plain' })];
    expect(visibleChats(list, 'bold move', false).map((c) => c.id)).toEqual(['a']);
  });
  it('should keep only known fields of chat.updated', () => {
    expect(chatFields({ isPinned: true, evil: 1, name: 5 })).toEqual({ isPinned: true });
  });
});
