import type { Chat } from '@neura/contract';
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { dispatchChats, useChats } from '../store/chats';
import { useUser } from '../store/user';
import { renderWithRouter } from '../test/render-with-router';
import { useToastStore } from '../ui/toast-store';
import { ChatsRuntime } from './chats-runtime';

/** A stand-in for the session socket: handlers by event, and a scripted acknowledgement. */
const fake = vi.hoisted(() => {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    connected: true,
    ack: undefined as unknown,
    emitted: [] as Array<[string, unknown]>,
    on(event: string, fn: (payload: unknown) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)?.add(fn);
      return socket;
    },
    off(event: string, fn: (payload: unknown) => void) {
      handlers.get(event)?.delete(fn);
      return socket;
    },
    emit(event: string, payload: unknown) {
      socket.emitted.push([event, payload]);
      return socket;
    },
    timeout() {
      return {
        emitWithAck: async (event: string, payload: unknown) => {
          socket.emitted.push([event, payload]);
          return socket.ack;
        },
      };
    },
    receive(event: string, payload: unknown) {
      for (const fn of handlers.get(event) ?? []) fn(payload);
    },
  };
  return socket;
});

vi.mock('../api/session-socket', () => ({
  getSessionSocket: () => fake,
  onSessionSocket: () => () => undefined,
}));

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

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  dispatchChats({ type: 'loaded', chats: [chat('c1'), chat('c2')] });
  useAppStore.setState({ token: 't', activeModal: null });
  useToastStore.setState({ toasts: [] });
  fake.emitted = [];
  fake.ack = undefined;
});
afterEach(() => vi.unstubAllGlobals());

describe('cross-session chat sync', () => {
  it('should add created chats, apply renames and updates, and remove deleted ones', () => {
    renderWithRouter(<ChatsRuntime />, '/');
    act(() => fake.receive('chat.created', { chat: chat('c3') }));
    act(() => fake.receive('chat.renamed', { chatId: 'c2', name: 'Renamed elsewhere' }));
    act(() => fake.receive('chat.updated', { chatId: 'c1', updatedFields: { isPinned: true } }));
    act(() => fake.receive('chat.deleted', { chatId: 'c2' }));
    expect(useChats.getState().chats.map((c) => [c.id, c.name, c.isPinned])).toEqual([
      ['c1', 'Chat c1', true],
      ['c3', 'Chat c3', false],
    ]);
  });

  it('should go home when the open chat is deleted in another session', async () => {
    const { router } = renderWithRouter(<ChatsRuntime />, '/chats/c1');
    act(() => fake.receive('chat.deleted', { chatId: 'c1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['This chat was deleted on another device.']);
  });

  it('should not toast when another chat than the open one is deleted', () => {
    renderWithRouter(<ChatsRuntime />, '/chats/c1');
    act(() => fake.receive('chat.deleted', { chatId: 'c2' }));
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('should confirm Reload Chat with a toast, or say why it failed', async () => {
    const { reloadChat } = await import('./chat-actions');
    fake.ack = { success: true };
    await reloadChat('c1');
    expect(fake.emitted).toEqual([['reloadChat', 'c1']]);
    expect(useToastStore.getState().toasts.map((t) => [t.severity, t.message])).toEqual([
      ['success', 'Chat reloaded.'],
    ]);
    useToastStore.setState({ toasts: [] });
    fake.ack = { error: { message: 'Chat not found.', code: 'not-found' } };
    await reloadChat('c1');
    expect(useToastStore.getState().toasts.map((t) => [t.severity, t.message])).toEqual([['error', 'Chat not found.']]);
  });

  it('should refetch the whole list when chat.updated names an unknown chat', async () => {
    const fetchMock = vi.fn(async () => json([chat('c9', { name: 'From server' })]));
    vi.stubGlobal('fetch', fetchMock);
    renderWithRouter(<ChatsRuntime />, '/');
    act(() => fake.receive('chat.updated', { chatId: 'c9', updatedFields: { isArchived: true } }));
    await waitFor(() => expect(useChats.getState().chats.map((c) => c.name)).toEqual(['From server']));
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain('/users/me/chats');
  });
});

describe('deleting a chat', () => {
  it('should remove it at once, and on failure alert "Couldn\'t delete chat" and reload the user', async () => {
    const { deleteChat } = await import('./chat-actions');
    fake.ack = { error: { message: 'Server said no.', code: 'internal' } };
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        if (url.endsWith('/users/me/chats')) return json([chat('c1'), chat('c2')]);
        return json({
          email: 'a@b.co',
          firstName: 'A',
          lastName: 'B',
          referralCode: 'R',
          proExpiry: null,
          isPro: false,
          flags: [],
          credits: 9,
        });
      }),
    );
    const navigate = vi.fn();
    const done = deleteChat('c1', navigate, '/chats/c1');
    expect(useChats.getState().chats.map((c) => c.id)).toEqual(['c2']);
    expect(navigate).toHaveBeenCalledWith('/');
    await done;
    expect(fake.emitted).toContainEqual(['deleteChat', 'c1']);
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: "Couldn't delete chat",
      message: 'Server said no.',
    });
    expect(urls.some((u) => u.endsWith('/users/me'))).toBe(true);
    expect(useChats.getState().chats.map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(useUser.getState().user?.credits).toBe(9);
  });
});

describe('starting a chat', () => {
  it('should open a draft of the persona without creating anything', async () => {
    const { startChat } = await import('./chat-actions');
    dispatchChats({ type: 'loaded', chats: [] });
    const navigate = vi.fn();
    expect(startChat('default', navigate)).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/chats/new?persona=default');
    expect(fake.emitted.filter(([event]) => event === 'createChat')).toHaveLength(0);
    expect(useChats.getState().chats).toHaveLength(0);
  });

  it('should open an empty chat left from before instead of a draft', async () => {
    const { startChat } = await import('./chat-actions');
    dispatchChats({ type: 'loaded', chats: [chat('old1')] });
    const navigate = vi.fn();
    expect(startChat('default', navigate)).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/chats/old1');
  });

  it('should alert with the server message when the first send cannot create the chat', async () => {
    const { sendFirstMessage } = await import('./chat-actions');
    fake.ack = { error: { message: 'That persona is not available.', code: 'not-found' } };
    expect(await sendFirstMessage('startup-advisor', 'Hi', [])).toBeNull();
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      severity: 'error',
      title: "Couldn't create chat",
      message: 'That persona is not available.',
    });
  });

  it('should open the subscribe modal, not an alert, when the server answers pro:required', async () => {
    const { sendFirstMessage } = await import('./chat-actions');
    fake.ack = { error: { message: 'User does not have a Pro subscription.', code: 'pro:required' } };
    expect(await sendFirstMessage('startup-advisor', 'Hi', [])).toBeNull();
    expect(useAppStore.getState().activeModal).toBe('subscribe');
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('should not list a chat announced for a first message that was refused', async () => {
    const { sendFirstMessage } = await import('./chat-actions');
    renderWithRouter(<ChatsRuntime />);
    dispatchChats({ type: 'loaded', chats: [] });
    const timeout = fake.timeout;
    fake.timeout = () => ({
      emitWithAck: async (event: string, payload: unknown) => {
        fake.emitted.push([event, payload]);
        // The server made the chat, the charge was refused, and it removed the chat again.
        fake.receive('chat.created', { chat: chat('gone1') });
        expect(useChats.getState().chats.map((c) => c.id)).toEqual(['gone1']);
        return { error: { message: 'Not enough credits.', code: 'credits:insufficient' } };
      },
    });
    try {
      expect(await sendFirstMessage('default', 'Hi', [])).toBeNull();
    } finally {
      fake.timeout = timeout;
    }
    expect(useChats.getState().chats).toEqual([]);
    expect(useToastStore.getState().toasts[0]).toMatchObject({ severity: 'warning', message: 'Not enough credits.' });
  });

  it('should use the fallback text when the socket is not connected, and list the chat once created', async () => {
    const { sendFirstMessage } = await import('./chat-actions');
    dispatchChats({ type: 'loaded', chats: [] });
    fake.connected = false;
    expect(await sendFirstMessage('default', 'Hi', [])).toBeNull();
    fake.connected = true;
    expect(useToastStore.getState().toasts[0]?.message).toBe(
      'Failed to create a chat with the selected persona. Please try again later.',
    );
    fake.ack = { chatId: 'new1', messageId: 'm1' };
    expect(await sendFirstMessage('default', 'Hi', [])).toBe('new1');
    expect(useChats.getState().chats[0]?.id).toBe('new1');
    expect(fake.emitted).toContainEqual(['createChatWithMessage', { persona: 'default', text: 'Hi' }]);
  });

  it('should open the New Chat modal without a persona id', async () => {
    const { startChat } = await import('./chat-actions');
    await startChat(null, vi.fn());
    expect(useAppStore.getState().activeModal).toBe('newchat');
  });
});
