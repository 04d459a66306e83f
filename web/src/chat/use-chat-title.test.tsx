import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../store/app-store';
import { dispatchChats } from '../store/chats';
import { useChatTitle } from './use-chat-title';

const chat = (id: string, name: string) => ({
  id,
  name,
  persona: 'default',
  lastMessageAt: null,
  preview: null,
  isPinned: false,
  isArchived: false,
});

beforeEach(() => {
  useAppStore.setState({ viewTitle: 'Chat' });
  dispatchChats({ type: 'loaded', chats: [chat('a', 'Same name'), chat('b', 'Same name'), chat('c', 'Other')] });
});

describe('useChatTitle', () => {
  it("should put the chat's name in place of the route's title, for each chat, also when two share a name", () => {
    const { rerender } = renderHook(({ id }) => useChatTitle(id), { initialProps: { id: 'a' } });
    expect(useAppStore.getState().viewTitle).toBe('Same name');
    // The route sets its generic title again on the way to another chat (a layout effect).
    useAppStore.getState().setViewTitle('Chat');
    rerender({ id: 'b' });
    expect(useAppStore.getState().viewTitle).toBe('Same name');
    rerender({ id: 'c' });
    expect(useAppStore.getState().viewTitle).toBe('Other');
  });

  it("should follow a rename in the chat list, and show a draft's persona name", () => {
    const { rerender } = renderHook(({ id, draft }) => useChatTitle(id, draft), {
      initialProps: { id: 'c' as string | null, draft: undefined as string | undefined },
    });
    dispatchChats({ type: 'loaded', chats: [chat('c', 'Renamed')] });
    rerender({ id: 'c', draft: undefined });
    expect(useAppStore.getState().viewTitle).toBe('Renamed');
    rerender({ id: null, draft: 'Scout' });
    expect(useAppStore.getState().viewTitle).toBe('Scout');
  });
});
