import type { Chat } from '@neura/contract';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatchChats, useChats } from '../../store/chats';
import { ForkItem } from './fork-item';

const chat = (id: string, temporary: boolean): Chat => ({
  id,
  persona: 'default',
  name: 'A chat',
  lastMessageAt: null,
  preview: null,
  isPinned: false,
  isArchived: false,
  ...(temporary ? { temporary: true } : {}),
});

afterEach(() => useChats.setState({ chats: [] }));

describe('ForkItem', () => {
  it('should offer "Fork from here" in a chat, and not in a temporary one (it leaves no trace)', () => {
    dispatchChats({ type: 'loaded', chats: [chat('kept', false), chat('passing', true)] });
    const { unmount } = render(
      <MemoryRouter>
        <ForkItem chatId="kept" messageId="m1" onDone={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('menuitem', { name: 'Fork from here' })).toBeTruthy();
    unmount();
    render(
      <MemoryRouter>
        <ForkItem chatId="passing" messageId="m1" onDone={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('menuitem', { name: 'Fork from here' })).toBeNull();
  });
});
