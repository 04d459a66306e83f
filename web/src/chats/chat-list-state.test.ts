import type { Chat } from '@neura/contract';
import { describe, expect, it } from 'vitest';
import { type ChatListRow, chatFields, groupByFolder, groupChats, visibleChats } from './chat-list-state';

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

describe('date groups', () => {
  // Local times, so the test means the same in every time zone.
  const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute).toISOString();
  const now = new Date(2026, 10, 24, 9, 30);
  const shape = (rows: ChatListRow[]) =>
    rows.map((r) =>
      r.kind === 'group'
        ? `# ${r.group}`
        : r.kind === 'chat'
          ? r.chat.id
          : r.kind === 'folder'
            ? `> ${r.folder.name}${r.collapsed ? ' (closed)' : ''}`
            : '(empty)',
    );

  it('should put pinned chats on top, then Today, Yesterday and Earlier, each in the list order', () => {
    const list = [
      chat('pin-old', { isPinned: true, lastMessageAt: at(2, 10) }),
      chat('pin-new', { isPinned: true, lastMessageAt: at(24, 8) }),
      chat('morning', { lastMessageAt: at(24, 0, 0) }),
      chat('fresh'),
      chat('late-yesterday', { lastMessageAt: at(23, 23, 59) }),
      chat('early-yesterday', { lastMessageAt: at(23, 0, 0) }),
      chat('two-days', { lastMessageAt: at(22, 23, 59) }),
      chat('last-month', { lastMessageAt: new Date(2026, 9, 30, 12).toISOString() }),
    ];
    expect(shape(groupChats(list, now))).toEqual([
      '# pinned',
      'pin-old',
      'pin-new',
      '# today',
      'morning',
      'fresh',
      '# yesterday',
      'late-yesterday',
      'early-yesterday',
      '# earlier',
      'two-days',
      'last-month',
    ]);
  });

  it('should leave out the headings of empty groups, and cross a month and a year', () => {
    expect(shape(groupChats([chat('a', { lastMessageAt: at(20, 12) })], now))).toEqual(['# earlier', 'a']);
    expect(shape(groupChats([], now))).toEqual([]);
    const newYear = new Date(2027, 0, 1, 0, 5);
    const list = [
      chat('eve', { lastMessageAt: new Date(2026, 11, 31, 22).toISOString() }),
      chat('new', { lastMessageAt: new Date(2027, 0, 1, 0, 1).toISOString() }),
    ];
    expect(shape(groupChats(list, newYear))).toEqual(['# today', 'new', '# yesterday', 'eve']);
  });

  it('should put folders first (their chats under them, none when closed), then the unfiled chats by date', () => {
    const folders = [
      { id: 'f1', name: 'Work', position: 0 },
      { id: 'f2', name: 'Empty', position: 1 },
      { id: 'f3', name: 'Closed', position: 2 },
    ];
    const list = [
      chat('a', { lastMessageAt: at(24, 9), folderId: 'f1' }),
      chat('b', { lastMessageAt: at(24, 8) }),
      chat('c', { lastMessageAt: at(20, 8), folderId: 'f3' }),
      chat('d', { lastMessageAt: at(23, 8), folderId: 'gone' }),
    ];
    expect(shape(groupByFolder(list, folders, { f3: true }, now))).toEqual([
      '> Work',
      'a',
      '> Empty',
      '(empty)',
      '> Closed (closed)',
      '# today',
      'b',
      '# yesterday',
      'd',
    ]);
  });
});
