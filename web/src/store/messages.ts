import type { Message, MessagePart, ToolCall } from '@neura/contract';
import { create } from 'zustand';
import { useAppStore } from './app-store';
import { appendText, withTool } from './message-parts';

/** The messages of one chat open in this tab. */
interface ChatThread {
  /** Oldest first, unique by id (ids sort by time). */
  messages: Message[];
  loaded: boolean;
  hasMore: boolean;
  loadingOlder: boolean;
  /** The server answered 404: the chat does not exist (any more) or is not this user's. */
  missing?: boolean;
  /** The newest page could not be loaded (server down, network lost): the chat page offers Retry. */
  error?: string;
}

type Delta = { chatId: string; messageId: string; text: string };

/**
 * Messages per chat: written only through `dispatchMessages`, by the history pages (REST), the
 * session socket's message events and `chat.messages` alike. Events of chats not opened in this
 * tab are ignored.
 */
export type MessagesAction =
  | { type: 'opened'; chatId: string }
  /**
   * A history page (REST) or the server's `chat.messages`; live copies win over the page's, except a
   * reply still streaming here that the page shows further along (text streamed while this tab was
   * disconnected) or finished. `refresh` (a refetch of the newest page) keeps `hasMore`.
   */
  | { type: 'page'; chatId: string; page: Message[]; hasMore: boolean; refresh?: boolean }
  /** The newest page failed to load. */
  | { type: 'failed'; chatId: string; error: string }
  | { type: 'loadingOlder'; chatId: string; loading: boolean }
  | { type: 'missing'; chatId: string }
  /** message.created / message.done / message.updated. */
  | { type: 'upserted'; chatId: string; message: Message }
  /** message.delta, batched per animation frame. */
  | { type: 'deltas'; deltas: readonly Delta[] }
  /** message.reasoning (the reply's "Thinking"), batched per animation frame like the deltas. */
  | { type: 'reasoning'; deltas: readonly Delta[] }
  /** message.error marks the reply failed. */
  | { type: 'status'; chatId: string; messageId: string; status: Message['status'] }
  /** message.tool: a skill call starts or ends. */
  | { type: 'tool'; chatId: string; messageId: string; call: ToolCall }
  | { type: 'cleared' };

type Threads = Record<string, ChatThread>;

/** A thread opened and not loaded yet (the chat page reads a chat not opened as one). */
export const emptyThread = (): ChatThread => ({ messages: [], loaded: false, hasMore: false, loadingOlder: false });

/** The server's copy replaces a streaming one here when it is further along or finished. */
function newer(current: Message, incoming: Message): boolean {
  if (current.status !== 'streaming') return false;
  return (
    incoming.status !== 'streaming' ||
    incoming.content.length > current.content.length ||
    (incoming.reasoning?.length ?? 0) > (current.reasoning?.length ?? 0)
  );
}

/** `current` itself when `incoming` brings nothing new (a refresh after connecting, usually). */
function merge(current: Message[], incoming: Message[]): Message[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  let changed = false;
  for (const m of incoming) {
    const here = byId.get(m.id);
    if (here && !newer(here, m)) continue;
    byId.set(m.id, m);
    changed = true;
  }
  if (!changed) return current;
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** A new version of a reply (retry, regenerate, edit) replaces the ones before it. */
function withNewVersion(messages: Message[], incoming: Message): Message[] {
  const { replyTo, versions } = incoming;
  if (incoming.role !== 'assistant' || !replyTo) return messages;
  return messages.map((m) =>
    m.role === 'assistant' && m.replyTo === replyTo && m.personaId === incoming.personaId && m.id !== incoming.id
      ? { ...m, superseded: true, ...(versions ? { versions } : {}) }
      : m,
  );
}

/** Applies `fn` to a thread; the same object back when nothing in it changed (no re-render). */
function update(threads: Threads, chatId: string, fn: (t: ChatThread) => ChatThread): Threads {
  const thread = threads[chatId];
  if (!thread) return threads;
  const next = fn(thread);
  const keys = new Set([...Object.keys(thread), ...Object.keys(next)]) as Set<keyof ChatThread>;
  for (const key of keys) if (!Object.is(thread[key], next[key])) return { ...threads, [chatId]: next };
  return threads;
}

/**
 * A frame's deltas, applied once per streaming message: their texts joined, the message found from
 * the end of its chat (where a streaming reply sits) and the message array copied once, not once per
 * token (a 2,000-message chat copied its array for every delta).
 */
function applyDeltas(threads: Threads, deltas: readonly Delta[]): Threads {
  const byMessage = new Map<string, { chatId: string; messageId: string; texts: string[] }>();
  for (const d of deltas) {
    const key = `${d.chatId}\n${d.messageId}`;
    const group = byMessage.get(key);
    if (group) group.texts.push(d.text);
    else byMessage.set(key, { chatId: d.chatId, messageId: d.messageId, texts: [d.text] });
  }
  const next = { ...threads };
  for (const { chatId, messageId, texts } of byMessage.values()) {
    const thread = next[chatId];
    if (!thread) continue;
    let i = thread.messages.length - 1;
    while (i >= 0 && thread.messages[i]?.id !== messageId) i--;
    const current = thread.messages[i];
    if (!current) continue;
    const messages = thread.messages.slice();
    // Parts take each delta in turn (a text part after a tool card drops its leading newlines).
    const parts = texts.reduce<MessagePart[] | undefined>((acc, text) => appendText(acc, text), current.parts);
    messages[i] = { ...current, content: current.content + texts.join(''), ...(parts ? { parts } : {}) };
    next[chatId] = { ...thread, messages };
  }
  return next;
}

/** A frame's reasoning texts, appended to each reply's `reasoning` (kept apart from its answer). */
function applyReasoning(threads: Threads, deltas: readonly Delta[]): Threads {
  let next = threads;
  for (const d of deltas) {
    const thread = next[d.chatId];
    if (!thread) continue;
    let i = thread.messages.length - 1;
    while (i >= 0 && thread.messages[i]?.id !== d.messageId) i--;
    const current = thread.messages[i];
    if (!current) continue;
    const messages = thread.messages.slice();
    messages[i] = { ...current, reasoning: (current.reasoning ?? '') + d.text };
    next = { ...next, [d.chatId]: { ...thread, messages } };
  }
  return next;
}

function messagesReducer(threads: Threads, action: MessagesAction): Threads {
  switch (action.type) {
    case 'opened':
      return threads[action.chatId] ? threads : { ...threads, [action.chatId]: emptyThread() };
    case 'page':
      return update(threads, action.chatId, (t) => ({
        ...t,
        messages: merge(t.messages, action.page),
        hasMore: action.refresh && t.loaded ? t.hasMore : action.hasMore,
        loaded: true,
        loadingOlder: action.refresh ? t.loadingOlder : false,
        error: undefined,
      }));
    case 'failed':
      return update(threads, action.chatId, (t) => ({ ...t, error: action.error }));
    case 'loadingOlder':
      return update(threads, action.chatId, (t) => ({ ...t, loadingOlder: action.loading }));
    case 'missing':
      return update(threads, action.chatId, (t) => ({ ...t, loaded: true, missing: true }));
    case 'upserted':
      return update(threads, action.chatId, (t) => {
        const i = t.messages.findIndex((m) => m.id === action.message.id);
        if (i === -1) return { ...t, messages: merge(withNewVersion(t.messages, action.message), [action.message]) };
        const messages = t.messages.slice();
        // message.done carries no version list: keep the one message.created brought.
        const versions = action.message.versions ?? messages[i]?.versions;
        messages[i] = { ...action.message, ...(versions ? { versions } : {}) };
        return { ...t, messages };
      });
    case 'deltas':
      return applyDeltas(threads, action.deltas);
    case 'reasoning':
      return applyReasoning(threads, action.deltas);
    case 'status':
      return update(threads, action.chatId, (t) => ({
        ...t,
        messages: t.messages.map((m) => (m.id === action.messageId ? { ...m, status: action.status } : m)),
      }));
    case 'tool':
      return update(threads, action.chatId, (t) => ({
        ...t,
        messages: t.messages.map((m) => (m.id === action.messageId ? withTool(m, action.call) : m)),
      }));
    case 'cleared':
      return {};
  }
}

export const useMessages = create<{ threads: Threads }>()(() => ({ threads: {} }));

export function dispatchMessages(action: MessagesAction): void {
  useMessages.setState((s) => ({ threads: messagesReducer(s.threads, action) }));
}

// Logout forgets every chat's messages. Subscribing here (instead of clearSession calling in) keeps
// this store out of the first route: it loads with the chat page.
useAppStore.subscribe((state, prev) => {
  if (prev.token !== null && state.token === null) dispatchMessages({ type: 'cleared' });
});

/**
 * Deltas are written to the store at most once per animation frame: a fast model then costs
 * one render per frame, not one per token.
 */
const pending: Delta[] = [];
const pendingReasoning: Delta[] = [];
let scheduled = false;
const nextFrame = (fn: () => void) =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(fn) : setTimeout(fn, 16);

export function flushDeltas(): void {
  scheduled = false;
  // Reasoning first: a model thinks before it answers.
  if (pendingReasoning.length > 0)
    dispatchMessages({ type: 'reasoning', deltas: pendingReasoning.splice(0, pendingReasoning.length) });
  if (pending.length === 0) return;
  dispatchMessages({ type: 'deltas', deltas: pending.splice(0, pending.length) });
}

function schedule(): void {
  if (!scheduled) {
    scheduled = true;
    nextFrame(flushDeltas);
  }
}

export function queueDelta(delta: Delta): void {
  pending.push(delta);
  schedule();
}

/** message.reasoning: written with the next frame's deltas. */
export function queueReasoning(delta: Delta): void {
  pendingReasoning.push(delta);
  schedule();
}

export const isStreaming = (thread: ChatThread | undefined): boolean =>
  thread?.messages.some((m) => m.status === 'streaming') ?? false;
