import type { Message } from '@neura/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dispatchMessages, flushDeltas, queueDelta } from '../store/messages';
import { ThreadMessageList, useMessagesInTurn } from './thread-message-list';

const message = (chatId: string, id: string, content: string, status: Message['status'] = 'complete'): Message => ({
  id,
  chatId,
  role: 'assistant',
  content,
  status,
  createdAt: '2026-01-01T00:00:00Z',
  cost: 0,
});

const list = (chatId: string) => (
  <ThreadMessageList
    chatId={chatId}
    hasMore={false}
    loadingOlder={false}
    onLoadOlder={() => undefined}
    empty={<p>No messages yet</p>}
  />
);
/** The store keeps the messages of chats opened in this tab. */
const page = (chatId: string, messages: Message[]) => {
  dispatchMessages({ type: 'opened', chatId });
  dispatchMessages({ type: 'page', chatId, page: messages, hasMore: false });
};
const shown = () => screen.queryAllByTestId('message').map((m) => m.textContent);

/** The hook's messages as a list, and its `behind` handed to the test. */
function Probe({ chatId, probe }: { chatId: string; probe: { behind?: () => boolean } }) {
  const { messages, behind } = useMessagesInTurn(chatId);
  probe.behind = behind;
  return (
    <ul data-testid="probe">
      {messages.map((m) => (
        <li key={m.id}>{m.content}</li>
      ))}
    </ul>
  );
}

afterEach(() => dispatchMessages({ type: 'cleared' }));

// jsdom lays nothing out: the list and its rows get a height, so the virtualizer mounts the rows.
const sizes = ['clientHeight', 'offsetHeight'] as const;
const own = sizes.map((name) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, name));
beforeAll(() => {
  for (const name of sizes) Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => 400 });
});
afterAll(() => {
  sizes.forEach((name, i) => {
    const descriptor = own[i];
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
  });
});

describe('ThreadMessageList', () => {
  it('should show the chat’s messages, and what shows without them until they come', async () => {
    render(list('a'));
    expect(screen.getByText('No messages yet')).toBeTruthy();
    act(() => page('a', [message('a', 'm1', 'Hello there')]));
    await waitFor(() => expect(shown()).toEqual(['Hello there']));
    expect(screen.queryByText('No messages yet')).toBeNull();
  });

  it('should end with the newest text of a streaming reply after many changes in a row', async () => {
    page('a', [message('a', 'r1', 'A', 'streaming')]);
    render(list('a'));
    // Many frames of a reply, none of them waiting for the list to render the one before.
    act(() => {
      for (let i = 0; i < 30; i++) {
        queueDelta({ chatId: 'a', messageId: 'r1', text: ` w${i}` });
        flushDeltas();
      }
    });
    const words = Array.from({ length: 30 }, (_, i) => ` w${i}`).join('');
    await waitFor(() => expect(shown()).toEqual([`A${words}`]));
  });

  it('should not ask for an older page while the page received last is not on screen yet', async () => {
    page('a', [message('a', 'm2', 'Newer')]);
    const onLoadOlder = vi.fn();
    render(
      <ThreadMessageList
        chatId="a"
        hasMore
        loadingOlder={false}
        onLoadOlder={onLoadOlder}
        empty={<p>No messages yet</p>}
      />,
    );
    await waitFor(() => expect(shown()).toEqual(['Newer']));
    // An older page reaches the store; the list is scrolled to its top before it has rendered it.
    dispatchMessages({ type: 'page', chatId: 'a', page: [message('a', 'm1', 'Older')], hasMore: true });
    fireEvent.scroll(screen.getByTestId('message-list'));
    expect(onLoadOlder).not.toHaveBeenCalled();
    await waitFor(() => expect(shown()).toEqual(['Older', 'Newer']));
    fireEvent.scroll(screen.getByTestId('message-list'));
    expect(onLoadOlder).toHaveBeenCalledTimes(1);
  });

  it('should count the page received last as on screen from the commit that shows it', async () => {
    page('a', [message('a', 'm2', 'Newer')]);
    const probe: { behind?: () => boolean } = {};
    render(<Probe chatId="a" probe={probe} />);
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('Newer'));
    // A scroll event can come between the commit that shows an older page and that commit's passive
    // effects (a browser dispatches it with the next frame). At the top of the list it is the only one
    // the user's pull sends: had the page counted as not on screen yet, no further page was asked for
    // (paging stalled in the long-chat bench).
    const list = screen.getByTestId('probe');
    const behindWhenShown = new Promise<boolean | undefined>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!list.textContent?.includes('Older')) return;
        observer.disconnect();
        resolve(probe.behind?.());
      });
      observer.observe(list, { childList: true, subtree: true, characterData: true });
    });
    dispatchMessages({ type: 'page', chatId: 'a', page: [message('a', 'm1', 'Older')], hasMore: true });
    expect(probe.behind?.()).toBe(true);
    expect(await behindWhenShown).toBe(false);
  });

  it('should show another chat’s messages when the chat changes', async () => {
    page('a', [message('a', 'm1', 'In chat a')]);
    page('b', [message('b', 'm2', 'In chat b')]);
    const { rerender } = render(list('a'));
    await waitFor(() => expect(shown()).toEqual(['In chat a']));
    rerender(list('b'));
    await waitFor(() => expect(shown()).toEqual(['In chat b']));
  });
});
