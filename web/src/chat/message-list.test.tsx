import type { Message } from '@neura/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MessageList } from './message-list';

const messages: Message[] = Array.from({ length: 4 }, (_, i) => ({
  id: `m${i}`,
  chatId: 'c',
  role: i % 2 ? 'assistant' : 'user',
  content: `Message ${i}`,
  status: i === 3 ? 'streaming' : 'complete',
  createdAt: '2026-01-01T00:00:00Z',
  cost: 0,
}));

/** jsdom lays nothing out: give the scroller a size and a position. */
function scrollTo(el: HTMLElement, { top, height, client }: { top: number; height: number; client: number }) {
  Object.defineProperty(el, 'scrollHeight', { configurable: true, value: height });
  Object.defineProperty(el, 'clientHeight', { configurable: true, value: client });
  el.scrollTop = top;
  fireEvent.scroll(el);
}

function renderList(streaming: boolean) {
  return render(
    <MessageList
      messages={messages}
      hasMore={false}
      loadingOlder={false}
      onLoadOlder={() => undefined}
      empty={null}
      streaming={streaming}
    />,
  );
}

describe('MessageList', () => {
  it('should offer Jump to latest when scrolled up during a stream, and scroll to the bottom with it', () => {
    renderList(true);
    const list = screen.getByTestId('message-list');
    const scrollSpy = vi.fn();
    list.scrollTo = scrollSpy as unknown as typeof list.scrollTo;
    scrollTo(list, { top: 1390, height: 2000, client: 500 });
    expect(screen.queryByTestId('jump-to-latest')).toBeNull();
    scrollTo(list, { top: 1200, height: 2000, client: 500 });
    fireEvent.click(screen.getByRole('button', { name: 'Jump to latest' }));
    expect(scrollSpy).toHaveBeenCalledWith({ top: 2000, behavior: 'smooth' });
    expect(screen.queryByTestId('jump-to-latest')).toBeNull();
  });

  it('should show it when slightly up only while streaming, and when far up at any time', () => {
    renderList(false);
    const list = screen.getByTestId('message-list');
    scrollTo(list, { top: 1200, height: 2000, client: 500 });
    expect(screen.queryByTestId('jump-to-latest')).toBeNull();
    scrollTo(list, { top: 100, height: 2000, client: 500 });
    expect(screen.getByTestId('jump-to-latest')).toBeTruthy();
  });

  it('should keep a scroll up that a render beat to its scroll event, and ask for older messages there', () => {
    const onLoadOlder = vi.fn();
    const props = { messages, loadingOlder: false, onLoadOlder, empty: null, streaming: false };
    const { rerender } = render(<MessageList {...props} hasMore />);
    const list = screen.getByTestId('message-list');
    Object.defineProperty(list, 'scrollHeight', { configurable: true, value: 2000 });
    Object.defineProperty(list, 'clientHeight', { configurable: true, value: 500 });
    // At the bottom, as the list keeps itself while the chat opens.
    scrollTo(list, { top: 1500, height: 2000, client: 500 });
    // The user flings to the top; before the browser reports it, the list renders again.
    list.scrollTop = 0;
    rerender(<MessageList {...props} hasMore messages={[...messages]} />);
    expect(list.scrollTop).toBe(0);
    expect(onLoadOlder).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('jump-to-latest')).toBeTruthy();
  });

  it('should still follow new content at the bottom when nothing was scrolled', () => {
    const props = { messages, hasMore: false, loadingOlder: false, onLoadOlder: () => undefined, empty: null };
    const { rerender } = render(<MessageList {...props} streaming />);
    const list = screen.getByTestId('message-list');
    scrollTo(list, { top: 1500, height: 2000, client: 500 });
    // The reply grew by 300 px.
    Object.defineProperty(list, 'scrollHeight', { configurable: true, value: 2300 });
    rerender(<MessageList {...props} streaming messages={[...messages]} />);
    expect(list.scrollTop).toBe(2300);
  });
});
