import type { Message, User } from '@neura/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispatchMessages, flushDeltas, queueDelta, queueReasoning, useMessages } from '../store/messages';
import { dispatchUser } from '../store/user';
import { useToastStore } from '../ui/toast-store';
import { MessageItem } from './message-item';

const msg = (id: string, over: Partial<Message> = {}): Message => ({
  id,
  chatId: 'c1',
  role: 'assistant',
  content: '',
  createdAt: '2026-03-04T10:05:00.000Z',
  status: 'complete',
  cost: 2,
  ...over,
});

/** The chat as the chat page shows it: every message of the store's thread, the last one last. */
function Thread() {
  const messages = useMessages((s) => s.threads.c1?.messages ?? []);
  const busy = messages.some((m) => m.status === 'streaming');
  return (
    <>
      {messages.map((m, i) => (
        <MessageItem key={m.id} message={m} isLast={i === messages.length - 1} busy={busy} />
      ))}
    </>
  );
}

/** What the session socket's handlers do with the events (use-chat-thread.ts), one frame at a time. */
const reasoning = (text: string) =>
  act(() => {
    queueReasoning({ chatId: 'c1', messageId: 'r1', text });
    flushDeltas();
  });
const delta = (text: string) =>
  act(() => {
    queueDelta({ chatId: 'c1', messageId: 'r1', text });
    flushDeltas();
  });
const upsert = (message: Message) => act(() => dispatchMessages({ type: 'upserted', chatId: 'c1', message }));

const user = (over: Partial<User> = {}): User => ({
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'L',
  referralCode: 'r',
  proExpiry: null,
  isPro: false,
  flags: [],
  credits: 10,
  ...over,
});

beforeEach(() => {
  dispatchMessages({ type: 'cleared' });
  dispatchMessages({ type: 'opened', chatId: 'c1' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
  dispatchUser({ type: 'cleared' });
});

describe('Thinking block', () => {
  it('should stream the reasoning open, collapse when the answer starts, and expand again on demand', async () => {
    render(<Thread />);
    upsert(msg('r1', { status: 'streaming' }));
    // No reasoning yet: the typing dots, no block.
    expect(screen.queryByTestId('thinking')).toBeNull();
    expect(screen.getByRole('status', { name: 'Thinking…' })).toBeTruthy();

    await reasoning('The user wants ');
    await reasoning('a haiku.');
    const block = screen.getByTestId('thinking');
    expect(block.dataset.state).toBe('streaming');
    const toggle = within(block).getByRole('button', { name: 'Thinking…' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(block).getByText('The user wants a haiku.')).toBeTruthy();
    // The block replaces the typing dots.
    expect(screen.queryByRole('status', { name: 'Thinking…' })).toBeNull();

    await delta('Autumn moon');
    expect(block.dataset.state).toBe('done');
    const collapsed = within(block).getByRole('button', { name: 'Thinking' });
    expect(collapsed.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(collapsed.getAttribute('aria-controls') ?? '');
    expect(panel?.hidden).toBe(true);
    // Reasoning that arrives after the answer started (interleaved steps) keeps it collapsed.
    await reasoning(' Done.');
    expect(collapsed.getAttribute('aria-expanded')).toBe('false');

    // The finished reply (message.done) keeps the reasoning apart from the answer.
    upsert(msg('r1', { content: 'Autumn moon', reasoning: 'The user wants a haiku. Done.', finishReason: 'stop' }));
    const button = within(screen.getByTestId('thinking')).getByRole('button', { name: 'Thinking' });
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.hidden).toBe(false);
    expect(panel?.textContent).toBe('The user wants a haiku. Done.');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('should keep a block the reader opened open while the answer starts', async () => {
    render(<Thread />);
    upsert(msg('r1', { status: 'streaming' }));
    await reasoning('Hmm.');
    const button = within(screen.getByTestId('thinking')).getByRole('button');
    // Opened while live counts as the reader's choice: closed first, then opened.
    fireEvent.click(button);
    fireEvent.click(button);
    await delta('Answer');
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });

  it('should show no block for a reply without reasoning', () => {
    render(<Thread />);
    upsert(msg('r1', { content: 'Plain answer' }));
    expect(screen.queryByTestId('thinking')).toBeNull();
  });

  it('should let a page that shows more reasoning catch up a streaming reply', () => {
    dispatchMessages({ type: 'page', chatId: 'c1', page: [msg('r1', { status: 'streaming' })], hasMore: false });
    dispatchMessages({
      type: 'page',
      chatId: 'c1',
      page: [msg('r1', { status: 'streaming', reasoning: 'Thinking far' })],
      hasMore: false,
      refresh: true,
    });
    expect(useMessages.getState().threads.c1?.messages[0]?.reasoning).toBe('Thinking far');
  });
});

describe('reply outcome', () => {
  it('should mark a reply cut short and continue it with a POST to the continue route', async () => {
    const fetchSpy = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ messageId: 'u2' }, { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    render(<Thread />);
    upsert(msg('r1', { content: 'Once upon a', finishReason: 'length' }));
    const outcome = screen.getByTestId('reply-outcome');
    expect(outcome.textContent).toContain('Cut short — the reply hit the length limit.');
    fireEvent.click(within(outcome).getByRole('button', { name: 'Continue · 2 credits' }));
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toMatch(/\/users\/me\/chats\/c1\/messages\/r1\/continue$/);
    expect(init?.method).toBe('POST');
  });

  it('should show a refused Continue as a toast (not enough credits)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ message: 'You do not have enough credits.', code: 'credits:insufficient' }, { status: 402 }),
      ),
    );
    render(<Thread />);
    upsert(msg('r1', { content: 'Once upon a', finishReason: 'length' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue · 2 credits' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('You do not have enough credits.'),
    );
  });

  it('should offer Continue only on the newest reply and not while a reply streams', () => {
    render(<Thread />);
    upsert(msg('r1', { content: 'Cut', finishReason: 'length' }));
    upsert(msg('r2', { content: 'Also cut', finishReason: 'length' }));
    expect(screen.getAllByTestId('reply-outcome')).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /^Continue/ })).toHaveLength(1);
    upsert(msg('r3', { status: 'streaming' }));
    upsert(msg('r3', { content: 'Cut again', finishReason: 'length', status: 'streaming' }));
    // Streaming: no outcome yet; the older replies lost their Continue.
    expect(screen.getAllByTestId('reply-outcome')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Continue/ })).toBeNull();
  });

  it("should explain a reply stopped by the provider's content filter", () => {
    render(<Thread />);
    upsert(msg('r1', { content: 'I can', finishReason: 'content_filter' }));
    expect(screen.getByTestId('reply-outcome').textContent).toBe("Stopped by the provider's content filter.");
    expect(screen.queryByRole('button', { name: /^Continue/ })).toBeNull();
  });
});

describe('receipt usage', () => {
  const withUsage = msg('r1', {
    content: 'Hi',
    model: 'deepseek-reasoner',
    usage: { inputTokens: 1200, outputTokens: 345, reasoningTokens: 300, cachedInputTokens: 1024 },
  });

  it("should show an admin the reply's model and token counts", () => {
    dispatchUser({ type: 'loaded', user: user({ role: 'admin' }) });
    render(<MessageItem message={withUsage} />);
    fireEvent.click(screen.getByRole('button', { name: /Show receipt/ }));
    const usage = within(screen.getByRole('dialog', { name: 'Receipt' })).getByTestId('receipt-usage');
    expect(usage.textContent).toBe('Modeldeepseek-reasonerTokensInput1,200Output345Reasoning300Cached input1,024');
  });

  it('should show only the counts the provider reported', () => {
    dispatchUser({ type: 'loaded', user: user({ role: 'admin' }) });
    render(<MessageItem message={msg('r1', { content: 'Hi', usage: { outputTokens: 7 } })} />);
    fireEvent.click(screen.getByRole('button', { name: /Show receipt/ }));
    expect(screen.getByTestId('receipt-usage').textContent).toBe('TokensOutput7');
  });

  it('should show no token counts to a user who is not an admin', () => {
    dispatchUser({ type: 'loaded', user: user() });
    render(<MessageItem message={withUsage} />);
    fireEvent.click(screen.getByRole('button', { name: /Show receipt/ }));
    expect(screen.getByRole('dialog', { name: 'Receipt' })).toBeTruthy();
    expect(screen.queryByTestId('receipt-usage')).toBeNull();
  });
});

describe('a continued answer', () => {
  it('should read as one reply: the parts joined, the Continue and the cut-short note gone', () => {
    const cut = msg('r1', { content: 'Once upon a time there lived', finishReason: 'length', cost: 1 });
    const rest = msg('r3', { content: 'a fox who sailed the sea.', cost: 1 });
    render(<MessageItem message={rest} before={[cut]} isLast />);
    const replies = screen.getAllByTestId('message');
    expect(replies).toHaveLength(1);
    expect(replies[0]?.textContent).toContain('Once upon a time there lived a fox who sailed the sea.');
    expect(screen.queryByTestId('reply-outcome')).toBeNull();
    expect(screen.queryByText('Continue from where you stopped.')).toBeNull();
  });
});
