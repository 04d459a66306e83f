import type { Chat } from '@neura/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { dispatchChats, useChats } from '../store/chats';
import { renderWithRouter } from '../test/render-with-router';
import { useToastStore } from '../ui/toast-store';
import { ChatTitle } from './chat-title';

const chat: Chat = {
  id: 'c1',
  name: 'Old name',
  persona: 'default',
  lastMessageAt: null,
  preview: null,
  isPinned: false,
  isArchived: false,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function answering(handler: (init?: RequestInit) => Response) {
  const calls: RequestInit[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      calls.push(init ?? {});
      return handler(init);
    }),
  );
  return calls;
}

beforeEach(() => {
  dispatchChats({ type: 'loaded', chats: [chat] });
  useAppStore.setState({ token: 't' });
  useToastStore.setState({ toasts: [] });
});
afterEach(() => vi.unstubAllGlobals());

const edit = (value: string) => {
  fireEvent.click(screen.getByTestId('chat-title'));
  const input = screen.getByTestId('chat-title-input');
  fireEvent.change(input, { target: { value } });
  return input;
};

describe('ChatTitle', () => {
  it('should save on outside click (blur)', async () => {
    const calls = answering(() => json({ ...chat, name: 'New name' }));
    renderWithRouter(<ChatTitle chatId="c1" />);
    const input = edit('  New name ');
    act(() => void fireEvent.blur(input));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.method).toBe('PATCH');
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ name: 'New name' });
    await waitFor(() => expect(screen.getByTestId('chat-title').textContent).toBe('New name'));
  });

  it('should restore the old name when empty or unchanged, without a call', () => {
    const calls = answering(() => json(chat));
    renderWithRouter(<ChatTitle chatId="c1" />);
    fireEvent.blur(edit('   '));
    expect(screen.getByTestId('chat-title').textContent).toBe('Old name');
    fireEvent.blur(edit('Old name'));
    expect(calls).toHaveLength(0);
  });

  it('should restore the name and alert "Couldn\'t rename chat" on failure', async () => {
    answering(() => json({ message: 'Name refused.', code: 'request:invalid' }, 400));
    renderWithRouter(<ChatTitle chatId="c1" />);
    fireEvent.blur(edit('Bad'));
    await waitFor(() => expect(useToastStore.getState().toasts).toHaveLength(1));
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: "Couldn't rename chat",
      message: 'Name refused.',
    });
    expect(screen.getByTestId('chat-title').textContent).toBe('Old name');
    expect(useChats.getState().chats[0]?.name).toBe('Old name');
  });

  it('should cancel with Escape', () => {
    renderWithRouter(<ChatTitle chatId="c1" />);
    fireEvent.keyDown(edit('Other'), { key: 'Escape' });
    expect(screen.getByTestId('chat-title').textContent).toBe('Old name');
  });
});
