import type { Chat, Message, Persona } from '@neura/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { dispatchChats } from '../store/chats';
import { dispatchMessages, useMessages } from '../store/messages';
import { usePersonas } from '../store/personas';
import { useToastStore } from '../ui/toast-store';
import { ChatPage } from './chat-page';

/** The session socket: `ready` handlers (fired on every reconnect) and a scripted sendMessage ack. */
const fake = vi.hoisted(() => {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    connected: true,
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
          return { messageId: 'u1' };
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

const persona: Persona = {
  id: 'chef-basil',
  icon: 'spark',
  name: 'Chef Basil',
  description: 'A French chef.',
  cost: 2,
  tags: ['fun'],
  published: true,
  requiresPro: false,
  includedSkills: [],
  greeting: 'Bonjour! What is in your kitchen today?',
};
const chat: Chat = {
  id: 'c1',
  name: 'Dinner',
  persona: 'chef-basil',
  lastMessageAt: null,
  preview: null,
  isPinned: false,
  isArchived: false,
};
const message = (id: string, over: Partial<Message> = {}): Message =>
  ({
    id,
    chatId: 'c1',
    role: 'assistant',
    content: 'Hi',
    status: 'complete',
    createdAt: '2026-01-01T00:00:00Z',
    cost: 0,
    ...over,
  }) as Message;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The messages endpoint answers from `answers` in turn (a thrown TypeError is a lost network). */
function messagesAnswering(answers: Array<() => Response>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const next = answers.shift();
      if (!next) throw new Error(`unexpected request ${url}`);
      return next();
    }),
  );
  return calls;
}
/** The list is virtualized (jsdom lays nothing out), so the shown messages are read from the store. */
const shownTexts = () => useMessages.getState().threads.c1?.messages.map((m) => m.content) ?? [];

const down = () => {
  throw new TypeError('Failed to fetch');
};

function renderChat() {
  const router = createMemoryRouter([{ path: '/chats/:chatId', element: <ChatPage /> }], {
    initialEntries: ['/chats/c1'],
  });
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  dispatchMessages({ type: 'cleared' });
  useAppStore.setState({ token: 't', activeModal: null });
  dispatchChats({ type: 'loaded', chats: [chat] });
  usePersonas.setState({ personas: [persona], loaded: true });
  useToastStore.setState({ toasts: [] });
  fake.emitted = [];
});
afterEach(() => vi.unstubAllGlobals());

describe('ChatPage', () => {
  it('should show an error with Retry when the chat cannot be loaded, then the history after Retry', async () => {
    const calls = messagesAnswering([down, () => json([message('m1', { content: 'Earlier reply' })])]);
    renderChat();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('This chat could not be loaded');
    expect(screen.queryByText(/Say hello/)).toBeNull();
    expect(screen.queryByTestId('greeting')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull(), { timeout: 5000 });
    expect(shownTexts()).toEqual(['Earlier reply']);
    expect(screen.queryByTestId('chat-intro')).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('should load again on reconnect after a failed load', async () => {
    messagesAnswering([down, () => json([message('m1', { content: 'Back again' })])]);
    renderChat();
    await screen.findByRole('alert', {}, { timeout: 5000 });
    act(() => fake.receive('ready', {}));
    await waitFor(() => expect(shownTexts()).toEqual(['Back again']), { timeout: 5000 });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('should catch up a reply that streamed while disconnected as soon as the socket is back', async () => {
    messagesAnswering([
      () => json([message('m1', { status: 'streaming', content: 'Once upon' })]),
      () => json([message('m1', { status: 'streaming', content: 'Once upon a time, far away' })]),
    ]);
    renderChat();
    await waitFor(() => expect(shownTexts()).toEqual(['Once upon']), { timeout: 5000 });
    act(() => fake.receive('ready', {}));
    await waitFor(() => expect(shownTexts()).toEqual(['Once upon a time, far away']), { timeout: 5000 });
  });

  it('should greet with the persona in an empty chat and send a suggested prompt', async () => {
    messagesAnswering([() => json([])]);
    renderChat();
    const intro = await screen.findByTestId('chat-intro', {}, { timeout: 5000 });
    expect(within(intro).getByRole('heading', { name: 'Chef Basil' })).toBeTruthy();
    expect(intro.textContent).toContain('A French chef.');
    expect(within(intro).getByTestId('persona-cost').textContent).toContain('2');
    expect(within(intro).getByTestId('greeting').textContent).toContain('Bonjour! What is in your kitchen today?');
    const suggestions = within(intro).getAllByTestId('suggestion');
    expect(suggestions.length).toBeGreaterThanOrEqual(2);
    // The greeting is shown only: nothing was sent for it.
    expect(fake.emitted).toEqual([]);
    fireEvent.click(suggestions[0] as HTMLElement);
    await waitFor(() =>
      expect(fake.emitted).toEqual([['sendMessage', { chatId: 'c1', text: suggestions[0]?.textContent }]]),
    );
  });

  it('should look up a persona outside the catalog by its profile and show its own prompts', async () => {
    dispatchChats({ type: 'loaded', chats: [{ ...chat, persona: 'cp_quill' }] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.endsWith('/personas/cp_quill/profile'))
          return json({
            ...persona,
            id: 'cp_quill',
            name: 'Captain Quill',
            custom: true,
            suggestedPrompts: ['Tell me a sea story'],
          });
        return json([]);
      }),
    );
    renderChat();
    const intro = await screen.findByTestId('chat-intro', {}, { timeout: 5000 });
    expect(within(intro).getByRole('heading', { name: 'Captain Quill' })).toBeTruthy();
    expect(
      within(intro)
        .getAllByTestId('suggestion')
        .map((b) => b.textContent),
    ).toEqual(['Tell me a sea story']);
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
  });

  it('should keep a chat with a deleted persona readable, with a note instead of the message box', async () => {
    dispatchChats({ type: 'loaded', chats: [{ ...chat, persona: 'cp_gone' }] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/personas/cp_gone/profile')
          ? json({ message: 'That persona is not available.', code: 'not-found' }, 404)
          : json([message('m1', { content: 'An old reply' })]),
      ),
    );
    renderChat();
    await screen.findByTestId('persona-unavailable', {}, { timeout: 5000 });
    expect(screen.getByTestId('persona-unavailable').textContent).toContain('no longer available');
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    await waitFor(() => expect(shownTexts()).toEqual(['An old reply']));
  });
});
