import type { Message, MessagePart, ToolCall, ToolPart } from '@neura/contract';
import { create } from 'zustand';

/** The messages of the chats open in this tab; fed by history pages and the session socket. */
export interface ChatThread {
  /** Oldest first, unique by id (ids sort by time). */
  messages: Message[];
  loaded: boolean;
  hasMore: boolean;
  loadingOlder: boolean;
  /** The server answered 404: the chat does not exist (any more) or is not this user's. */
  missing?: boolean;
}

interface ChatStoreState {
  threads: Record<string, ChatThread>;
  open: (chatId: string) => void;
  addPage: (chatId: string, page: Message[], hasMore: boolean) => void;
  setLoadingOlder: (chatId: string, loading: boolean) => void;
  markMissing: (chatId: string) => void;
  upsert: (chatId: string, message: Message) => void;
  applyDeltas: (deltas: ReadonlyArray<{ chatId: string; messageId: string; text: string }>) => void;
  setStatus: (chatId: string, messageId: string, status: Message['status']) => void;
  /** `message.tool`: a call starts or ends; its card takes its place after the text so far. */
  applyTool: (chatId: string, messageId: string, call: ToolCall) => void;
}

/** Streamed text joins the parts too once a reply has any (text before and after tool calls). */
export function appendText(parts: MessagePart[] | undefined, text: string): MessagePart[] | undefined {
  if (!parts) return undefined;
  const last = parts.at(-1);
  if (last?.type === 'text') return [...parts.slice(0, -1), { type: 'text', text: last.text + text }];
  return [...parts, { type: 'text', text: text.replace(/^\n+/, '') }];
}

export function withTool(message: Message, call: ToolCall): Message {
  const part = { type: 'tool', ...call } as ToolPart;
  const parts: MessagePart[] = message.parts ?? (message.content ? [{ type: 'text', text: message.content }] : []);
  const i = parts.findIndex((p) => p.type === 'tool' && p.id === call.id);
  const next = i === -1 ? [...parts, part] : parts.map((p, j) => (j === i ? part : p));
  return { ...message, parts: next };
}

const emptyThread = (): ChatThread => ({ messages: [], loaded: false, hasMore: false, loadingOlder: false });

function merge(current: Message[], incoming: Message[]): Message[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) if (!byId.has(m.id)) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export const useChatStore = create<ChatStoreState>()((set) => {
  const update = (chatId: string, fn: (t: ChatThread) => ChatThread) =>
    set((s) => {
      const thread = s.threads[chatId];
      return thread ? { threads: { ...s.threads, [chatId]: fn(thread) } } : s;
    });
  return {
    threads: {},
    open: (chatId) => set((s) => (s.threads[chatId] ? s : { threads: { ...s.threads, [chatId]: emptyThread() } })),
    addPage: (chatId, page, hasMore) =>
      update(chatId, (t) => ({
        ...t,
        // Live events win over the (older) copy in a history page.
        messages: merge(t.messages, page),
        hasMore,
        loaded: true,
        loadingOlder: false,
      })),
    setLoadingOlder: (chatId, loadingOlder) => update(chatId, (t) => ({ ...t, loadingOlder })),
    markMissing: (chatId) => update(chatId, (t) => ({ ...t, loaded: true, missing: true })),
    upsert: (chatId, message) =>
      update(chatId, (t) => {
        const i = t.messages.findIndex((m) => m.id === message.id);
        if (i === -1) return { ...t, messages: merge(t.messages, [message]) };
        const messages = t.messages.slice();
        messages[i] = message;
        return { ...t, messages };
      }),
    applyDeltas: (deltas) =>
      set((s) => {
        const threads = { ...s.threads };
        for (const d of deltas) {
          const thread = threads[d.chatId];
          if (!thread) continue;
          const i = thread.messages.findIndex((m) => m.id === d.messageId);
          const current = thread.messages[i];
          if (!current) continue;
          const messages = thread.messages.slice();
          const parts = appendText(current.parts, d.text);
          messages[i] = { ...current, content: current.content + d.text, ...(parts ? { parts } : {}) };
          threads[d.chatId] = { ...thread, messages };
        }
        return { threads };
      }),
    applyTool: (chatId, messageId, call) =>
      update(chatId, (t) => ({
        ...t,
        messages: t.messages.map((m) => (m.id === messageId ? withTool(m, call) : m)),
      })),
    setStatus: (chatId, messageId, status) =>
      update(chatId, (t) => ({
        ...t,
        messages: t.messages.map((m) => (m.id === messageId ? { ...m, status } : m)),
      })),
  };
});

/**
 * Deltas are written to the store at most once per animation frame: a fast model then costs
 * one render per frame, not one per token.
 */
const pending: Array<{ chatId: string; messageId: string; text: string }> = [];
let scheduled = false;
const nextFrame = (fn: () => void) =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(fn) : setTimeout(fn, 16);

export function flushDeltas(): void {
  scheduled = false;
  if (pending.length === 0) return;
  const batch = pending.splice(0, pending.length);
  useChatStore.getState().applyDeltas(batch);
}

export function queueDelta(delta: { chatId: string; messageId: string; text: string }): void {
  pending.push(delta);
  if (!scheduled) {
    scheduled = true;
    nextFrame(flushDeltas);
  }
}

export const isStreaming = (thread: ChatThread | undefined): boolean =>
  thread?.messages.some((m) => m.status === 'streaming') ?? false;
