import type { Chat, Message, Persona, User } from '@neura/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../api/query-client';
import { myPersonaKeys } from '../personas/queries/my-personas';
import { useAppStore } from '../store/app-store';
import { dispatchChats, useChats } from '../store/chats';
import { dispatchMessages, useMessages } from '../store/messages';
import { usePersonas } from '../store/personas';
import { useUser } from '../store/user';
import { useToastStore } from '../ui/toast-store';
import { ChatPage } from './chat-page';

/** The session socket: `ready` handlers (fired on every reconnect) and a scripted sendMessage ack. */
const fake = vi.hoisted(() => {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    connected: true,
    emitted: [] as Array<[string, unknown]>,
    /** Acks by event (sendMessage answers { messageId: 'u1' } unless set). */
    acks: {} as Record<string, unknown>,
    /** What the server sends before it acks an event (chat.created before createChatWithMessage's ack). */
    before: {} as Record<string, () => void>,
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
          socket.before[event]?.();
          return socket.acks[event] ?? { messageId: 'u1' };
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

/** What the chat's status endpoint answers (the chat takes messages unless a test says otherwise). */
let chatStatus: () => Response = () => json({ canSend: true, reason: null });
const statusCalls: string[] = [];

/**
 * The messages endpoint answers from `answers` in turn (a thrown TypeError is a lost network); the
 * status endpoint answers `chatStatus`.
 */
function messagesAnswering(answers: Array<() => Response>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/status')) {
        statusCalls.push(url);
        return chatStatus();
      }
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
  chatStatus = () => json({ canSend: true, reason: null });
  statusCalls.length = 0;
  fake.acks = {};
  fake.before = {};
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

  it("should name a chat whose first reply was stopped (it kept the persona's name)", async () => {
    dispatchChats({ type: 'loaded', chats: [{ ...chat, name: 'Chef Basil' }] });
    fake.acks.generateName = { name: 'A quick omelette' };
    messagesAnswering([
      () =>
        json([
          message('u1', { role: 'user', content: 'A quick omelette?' }),
          message('m1', { content: 'First, whisk', status: 'stopped' }),
        ]),
    ]);
    renderChat();
    await waitFor(() => expect(fake.emitted).toContainEqual(['generateName', 'c1']), { timeout: 5000 });
  });

  it('should load again on reconnect after a failed load', async () => {
    messagesAnswering([down, () => json([message('m1', { content: 'Back again' })])]);
    renderChat();
    await screen.findByRole('alert', {}, { timeout: 5000 });
    act(() => fake.receive('ready', {}));
    await waitFor(() => expect(shownTexts()).toEqual(['Back again']), { timeout: 5000 });
    // The list shows new messages in a deferred render, a moment after the store has them.
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull(), { timeout: 5000 });
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

  it('should use the persona’s own suggested prompts and show its tagline', async () => {
    usePersonas.setState({
      personas: [{ ...persona, tagline: 'Cooking made calm', suggestedPrompts: ['Soup for four', 'A quick tart'] }],
      loaded: true,
    });
    messagesAnswering([() => json([])]);
    renderChat();
    const intro = await screen.findByTestId('chat-intro', {}, { timeout: 5000 });
    expect(within(intro).getByTestId('chat-intro-tagline').textContent).toBe('Cooking made calm');
    expect(
      within(intro)
        .getAllByTestId('suggestion')
        .map((b) => b.textContent),
    ).toEqual(['Soup for four', 'A quick tart']);
  });

  it('should show the read-only note instead of the composer in a chat of an unpublished persona, keeping the history', async () => {
    const reason = { code: 'persona:unpublished', message: 'This persona is no longer available.' };
    chatStatus = () => json({ canSend: false, reason });
    messagesAnswering([() => json([message('m1', { content: 'An earlier answer' })])]);
    renderChat();
    const note = await screen.findByTestId('chat-read-only', {}, { timeout: 5000 });
    expect(note.textContent).toContain('This chat is read-only');
    expect(note.textContent).toContain('This persona is no longer available.');
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(shownTexts()).toEqual(['An earlier answer']);
    fireEvent.click(within(note).getByRole('button', { name: 'New Chat' }));
    expect(useAppStore.getState().activeModal).toBe('newchat');
  });

  it('should turn read-only when the operator changes the catalog, and take messages again when republished', async () => {
    messagesAnswering([() => json([message('m1')])]);
    renderChat();
    await screen.findByRole('textbox', { name: 'Message' }, { timeout: 5000 });
    const reason = { code: 'persona:unpublished', message: 'Unpublished.' };
    chatStatus = () => json({ canSend: false, reason });
    act(() => fake.receive('personas.changed', {}));
    await screen.findByTestId('chat-read-only', {}, { timeout: 5000 });
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    chatStatus = () => json({ canSend: true, reason: null });
    act(() => fake.receive('personas.changed', {}));
    await screen.findByRole('textbox', { name: 'Message' }, { timeout: 5000 });
    expect(screen.queryByTestId('chat-read-only')).toBeNull();
  });

  describe('a draft chat (/chats/new?persona=)', () => {
    function renderDraft(personaId = 'chef-basil') {
      const router = createMemoryRouter([{ path: '/chats/:chatId', element: <ChatPage /> }], {
        initialEntries: ['/chats/c1', `/chats/new?persona=${personaId}`],
        initialIndex: 1,
      });
      render(<RouterProvider router={router} />);
      return router;
    }
    const send = (text: string) => {
      const box = screen.getByRole('textbox', { name: 'Message' });
      fireEvent.change(box, { target: { value: text } });
      fireEvent.keyDown(box, { key: 'Enter' });
      return box as HTMLTextAreaElement;
    };

    /** The server announces the chat it makes (chat.created) before it answers the first send. */
    const announce = (id: string) => {
      fake.before.createChatWithMessage = () =>
        fake.receive('chat.created', { chat: { ...chat, id, name: 'Chef Basil' } });
    };

    it('should show the intro without creating a chat, then create it with the first message', async () => {
      const calls = messagesAnswering([]);
      announce('c9');
      fake.acks.createChatWithMessage = { chatId: 'c9', messageId: 'u1' };
      const router = renderDraft();
      const intro = await screen.findByTestId('chat-intro', {}, { timeout: 5000 });
      expect(within(intro).getByTestId('greeting').textContent).toContain('Bonjour!');
      expect(fake.emitted).toEqual([]);
      expect(calls).toEqual([]);
      send('A quick omelette?');
      await waitFor(() => expect(router.state.location.pathname).toBe('/chats/c9'));
      expect(fake.emitted).toEqual([['createChatWithMessage', { persona: 'chef-basil', text: 'A quick omelette?' }]]);
      // The draft's entry was replaced: back goes to where the user was before it.
      expect(router.state.historyAction).toBe('REPLACE');
      // The new chat is known to be empty: nothing is fetched for it.
      expect(calls).toEqual([]);
      expect(useMessages.getState().threads.c9?.loaded).toBe(true);
    });

    it("should show a group's draft as the group and make it with its first message, `to` the personas it names", async () => {
      usePersonas.setState({ personas: [persona, { ...persona, id: 'sous-chef', name: 'Sous Chef' }], loaded: true });
      messagesAnswering([]);
      announce('c9');
      fake.acks.createChatWithMessage = { chatId: 'c9', messageId: 'u1' };
      const router = createMemoryRouter([{ path: '/chats/:chatId', element: <ChatPage /> }], {
        initialEntries: ['/chats/new?personas=chef-basil,sous-chef'],
      });
      render(<RouterProvider router={router} />);
      // The group's bar: its personas and the round's price, no temporary toggle (a group is never temporary).
      const bar = await screen.findByTestId('group-bar', {}, { timeout: 5000 });
      expect(
        within(bar)
          .getAllByTestId('group-member')
          .map((m) => m.textContent),
      ).toEqual(['Chef Basil', 'Sous Chef']);
      expect(within(bar).getByTestId('group-round-price').textContent).toBe(`Up to ${persona.cost * 2} credits`);
      expect(screen.queryByRole('switch')).toBeNull();
      // The group's intro and name (as a saved group chat is named), not its first persona's.
      const intro = await screen.findByTestId('group-intro', {}, { timeout: 5000 });
      expect(within(intro).getByRole('heading').textContent).toBe('Chef Basil, Sous Chef');
      expect(
        within(intro)
          .getAllByTestId('group-intro-member')
          .map((m) => m.textContent),
      ).toEqual(['Chef Basil2 credits per message', 'Sous Chef2 credits per message']);
      expect(screen.queryByTestId('chat-intro')).toBeNull();
      expect(screen.queryByTestId('greeting')).toBeNull();
      expect(useAppStore.getState().viewTitle).toBe('Chef Basil, Sous Chef');
      const box = screen.getByRole('combobox', { name: 'Message' });
      fireEvent.change(box, { target: { value: '@Sous Chef who starts?' } });
      fireEvent.keyDown(box, { key: 'Enter' });
      await waitFor(() => expect(router.state.location.pathname).toBe('/chats/c9'));
      expect(fake.emitted).toEqual([
        [
          'createChatWithMessage',
          { personas: ['chef-basil', 'sous-chef'], text: '@Sous Chef who starts?', to: ['sous-chef'] },
        ],
      ]);
    });

    it('should keep the text and stay on the draft, with no chat left, when the first message is refused', async () => {
      messagesAnswering([]);
      announce('c9');
      fake.acks.createChatWithMessage = {
        error: { message: 'You do not have enough credits to send this message.', code: 'credits:insufficient' },
      };
      const router = renderDraft();
      await screen.findByTestId('chat-intro', {}, { timeout: 5000 });
      const box = send('Still here?');
      await waitFor(() =>
        expect(useToastStore.getState().toasts[0]).toMatchObject({
          severity: 'warning',
          message: 'You do not have enough credits to send this message.',
        }),
      );
      expect(box.value).toBe('Still here?');
      expect(router.state.location.pathname).toBe('/chats/new');
      expect(router.state.location.search).toBe('?persona=chef-basil');
      expect(useChats.getState().chats.some((c) => c.id === 'c9')).toBe(false);
    });

    it('should keep the text and stay on the draft, with the alert, when the chat cannot be made', async () => {
      messagesAnswering([]);
      fake.acks.createChatWithMessage = { error: { message: 'That persona is not available.', code: 'not-found' } };
      const router = renderDraft();
      await screen.findByTestId('chat-intro', {}, { timeout: 5000 });
      const box = send('Still here?');
      await waitFor(() =>
        expect(useToastStore.getState().toasts[0]).toMatchObject({
          severity: 'error',
          title: "Couldn't create chat",
          message: 'That persona is not available.',
        }),
      );
      expect(box.value).toBe('Still here?');
      expect(router.state.location.pathname).toBe('/chats/new');
      expect(fake.emitted.map(([event]) => event)).toEqual(['createChatWithMessage']);
    });

    it('should offer Pro, not create the chat, for a Pro persona of a user without Pro', async () => {
      messagesAnswering([]);
      usePersonas.setState({ personas: [persona, { ...persona, id: 'pro-chef', requiresPro: true }], loaded: true });
      renderDraft('pro-chef');
      await screen.findByTestId('chat-intro', {}, { timeout: 5000 });
      const box = send('Hello');
      await waitFor(() => expect(useAppStore.getState().activeModal).toBe('subscribe'));
      expect(fake.emitted).toEqual([]);
      expect(box.value).toBe('Hello');
    });

    it('should show the out-of-credits notice in a draft too', async () => {
      messagesAnswering([]);
      useUser.setState({ user: { credits: 0, isPro: false } as User });
      renderDraft();
      expect((await screen.findByTestId('out-of-credits', {}, { timeout: 5000 })).textContent).toContain('Buy credits');
      useUser.setState({ user: null });
    });

    it("should show a group's notice at its cheapest persona's price, and none while that one is affordable", async () => {
      usePersonas.setState({
        personas: [persona, { ...persona, id: 'sous-chef', name: 'Sous Chef', cost: 5 }],
        loaded: true,
      });
      queryClient.setQueryData(myPersonaKeys.all, { items: [], limit: 10 });
      messagesAnswering([]);
      useUser.setState({ user: { credits: 1, isPro: false } as User });
      const router = createMemoryRouter([{ path: '/chats/:chatId', element: <ChatPage /> }], {
        initialEntries: ['/chats/new?personas=sous-chef,chef-basil'],
      });
      render(<RouterProvider router={router} />);
      // The first persona costs 5, the cheapest 2: a message naming Chef Basil alone needs 2.
      expect((await screen.findByTestId('out-of-credits', {}, { timeout: 5000 })).textContent).toContain(
        'A message here needs at least 2 credits',
      );
      act(() => useUser.setState({ user: { credits: 3, isPro: false } as User }));
      await waitFor(() => expect(screen.queryByTestId('out-of-credits')).toBeNull());
      useUser.setState({ user: null });
    });

    it('should say the chat is not there for a persona that is not offered', async () => {
      // Not in the catalog: its profile is asked for, and the server knows no such persona.
      const calls = messagesAnswering([
        () => json({ message: 'That persona is not available.', code: 'not-found' }, 404),
      ]);
      renderDraft('nobody');
      expect((await screen.findByRole('heading', { name: 'Chat not found' }, { timeout: 5000 })).textContent).toBe(
        'Chat not found',
      );
      expect(fake.emitted).toEqual([]);
      expect(calls).toEqual([expect.stringMatching(/\/personas\/nobody\/profile$/)]);
    });
  });

  it('should send `to` with the personas a message names in a group chat, and nothing more to all', async () => {
    usePersonas.setState({ personas: [persona, { ...persona, id: 'sous-chef', name: 'Sous Chef' }], loaded: true });
    dispatchChats({ type: 'loaded', chats: [{ ...chat, personas: ['chef-basil', 'sous-chef'] }] });
    queryClient.setQueryData(myPersonaKeys.all, { items: [], limit: 10 });
    messagesAnswering([() => json([message('m1', { content: 'Earlier reply', personaId: 'chef-basil' })])]);
    renderChat();
    const box = await screen.findByRole('combobox', { name: 'Message' }, { timeout: 5000 });
    fireEvent.change(box, { target: { value: 'Hi @chef basil, what now?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(fake.emitted).toHaveLength(1));
    fireEvent.change(box, { target: { value: 'Hi both' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(fake.emitted).toHaveLength(2));
    expect(fake.emitted).toEqual([
      ['sendMessage', { chatId: 'c1', text: 'Hi @chef basil, what now?', to: ['chef-basil'] }],
      ['sendMessage', { chatId: 'c1', text: 'Hi both' }],
    ]);
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
