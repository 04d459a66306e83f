import type { Message } from '@neura/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

/** As a browser does: scrollTop stays between 0 and scrollHeight - clientHeight. */
function clampScrollTop(el: HTMLElement) {
  let top = 0;
  Object.defineProperty(el, 'scrollTop', {
    configurable: true,
    get: () => top,
    set: (value: number) => {
      top = Math.max(0, Math.min(value, el.scrollHeight - el.clientHeight));
    },
  });
}

function renderList(list = messages) {
  return render(
    <MessageList messages={list} hasMore={false} loadingOlder={false} onLoadOlder={() => undefined} empty={null} />,
  );
}

describe('MessageList', () => {
  it('should offer Jump to latest when scrolled up, and scroll to the bottom with it', () => {
    renderList();
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

  it('should show it when a little up with no reply streaming, and when far up', () => {
    renderList(messages.map((m) => ({ ...m, status: 'complete' as const })));
    const list = screen.getByTestId('message-list');
    scrollTo(list, { top: 1500, height: 2000, client: 500 });
    expect(screen.queryByTestId('jump-to-latest')).toBeNull();
    scrollTo(list, { top: 1200, height: 2000, client: 500 });
    expect(screen.getByTestId('jump-to-latest')).toBeTruthy();
    scrollTo(list, { top: 100, height: 2000, client: 500 });
    expect(screen.getByTestId('jump-to-latest')).toBeTruthy();
  });

  it('should keep following when a row grows under the view (a scroll event that is not a scroll up)', () => {
    renderList();
    const list = screen.getByTestId('message-list');
    clampScrollTop(list);
    scrollTo(list, { top: 1500, height: 2000, client: 500 });
    // An image loaded in the last row: the content grew by 400 px and a scroll event came.
    scrollTo(list, { top: 1500, height: 2400, client: 500 });
    expect(list.scrollTop).toBe(1900);
    expect(screen.queryByTestId('jump-to-latest')).toBeNull();
  });

  it("should bring the user's own new message into view when they send while scrolled up", () => {
    const { rerender } = renderList();
    const list = screen.getByTestId('message-list');
    scrollTo(list, { top: 1500, height: 2000, client: 500 });
    scrollTo(list, { top: 1150, height: 2000, client: 500 });
    expect(screen.getByTestId('jump-to-latest')).toBeTruthy();
    const sent: Message = { ...messages[0], id: 'm4', content: 'Mine', status: 'complete' } as Message;
    Object.defineProperty(list, 'scrollHeight', { configurable: true, value: 2100 });
    rerender(
      <MessageList
        messages={[...messages, sent]}
        hasMore={false}
        loadingOlder={false}
        onLoadOlder={() => undefined}
        empty={null}
      />,
    );
    expect(list.scrollTop).toBe(2100);
    expect(screen.queryByTestId('jump-to-latest')).toBeNull();
  });

  it('should keep a scroll up that a render beat to its scroll event, and ask for older messages there', () => {
    const onLoadOlder = vi.fn();
    const props = { messages, loadingOlder: false, onLoadOlder, empty: null };
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
    const { rerender } = render(<MessageList {...props} />);
    const list = screen.getByTestId('message-list');
    scrollTo(list, { top: 1500, height: 2000, client: 500 });
    // The reply grew by 300 px.
    Object.defineProperty(list, 'scrollHeight', { configurable: true, value: 2300 });
    rerender(<MessageList {...props} messages={[...messages]} />);
    expect(list.scrollTop).toBe(2300);
  });
});

describe('MessageList opening', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("should mount the chat's last rows when its first page arrives, not the page's first ones", () => {
    // The list is 500 px tall (jsdom lays nothing out); each row is estimated at 88 px.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.dataset.testid === 'message-list' ? 500 : 0;
    });
    const page: Message[] = Array.from({ length: 50 }, (_, i) => ({
      ...(messages[0] as Message),
      id: `p${i}`,
      role: i % 2 ? 'assistant' : 'user',
      content: `Message ${i}`,
    }));
    const props = { hasMore: true, loadingOlder: false, onLoadOlder: () => undefined, empty: null };
    const { rerender } = render(<MessageList {...props} messages={[]} />);
    const mounted = new Set<string>();
    const rowsSeen = new MutationObserver(() => undefined);
    rowsSeen.observe(screen.getByTestId('message-list'), { childList: true, subtree: true });
    rerender(<MessageList {...props} messages={page} />);
    for (const record of rowsSeen.takeRecords())
      for (const node of record.addedNodes)
        if (node instanceof HTMLElement && node.dataset.index) mounted.add(node.dataset.index);
    rowsSeen.disconnect();
    const indexes = [...mounted].map(Number);
    // The rows that fill the view from the bottom (6 of 88 px) and the 3 above them; nothing from the top.
    expect(Math.max(...indexes)).toBe(49);
    expect(Math.min(...indexes)).toBe(41);
    expect(screen.getByText('Message 49')).toBeTruthy();
  });
});

describe('MessageList following the bottom after layout', () => {
  /** A ResizeObserver the test delivers, as the browser does after a frame's layout. */
  class FakeResizeObserver {
    static all: FakeResizeObserver[] = [];
    targets = new Set<Element>();
    constructor(readonly callback: ResizeObserverCallback) {
      FakeResizeObserver.all.push(this);
    }
    observe(target: Element) {
      this.targets.add(target);
    }
    unobserve(target: Element) {
      this.targets.delete(target);
    }
    disconnect() {
      this.targets.clear();
    }
  }
  /** Delivers a resize to the list's own observer (the one watching the element sized to all rows). */
  const deliverResize = (list: HTMLElement) => {
    for (const observer of FakeResizeObserver.all) {
      if ([...observer.targets].some((t) => t.parentElement === list)) observer.callback([], observer as never);
    }
  };
  /** scrollHeight as a getter that counts its reads (a read after a DOM write forces a layout). */
  function countHeightReads(el: HTMLElement, height: { value: number }) {
    const reads = { count: 0 };
    Object.defineProperty(el, 'scrollHeight', {
      configurable: true,
      get: () => {
        reads.count++;
        return height.value;
      },
    });
    Object.defineProperty(el, 'clientHeight', { configurable: true, value: 500 });
    return reads;
  }

  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeResizeObserver.all = [];
  });
  const props = { hasMore: false, loadingOlder: false, onLoadOlder: () => undefined, empty: null };
  /** The list opened and scrolled to its bottom (2,000 px tall, 500 px in view), its height reads counted. */
  function openAtBottom() {
    const { rerender } = render(<MessageList {...props} messages={messages} />);
    const list = screen.getByTestId('message-list');
    const height = { value: 2000 };
    const reads = countHeightReads(list, height);
    list.scrollTop = 1500;
    fireEvent.scroll(list);
    return { rerender, list, height, reads };
  }

  it("should not read the list's height in the commit of a streaming frame, and follow once the frame is laid out", () => {
    const { rerender, list, height, reads } = openAtBottom();
    // A frame of the reply: its text grew, the rows are the same.
    const grown = messages.map((m) => (m.id === 'm3' ? { ...m, content: `${m.content} and more` } : m));
    reads.count = 0;
    rerender(<MessageList {...props} messages={grown} />);
    expect(reads.count).toBe(0);
    expect(list.scrollTop).toBe(1500);
    // The frame's layout made the reply 300 px taller: the observer follows it down.
    height.value = 2300;
    deliverResize(list);
    expect(list.scrollTop).toBe(2300);
    expect(screen.queryByTestId('jump-to-latest')).toBeNull();
  });

  it('should follow new rows after layout, not in their commit, and not after layout once the user scrolled up', () => {
    const { rerender, list, height, reads } = openAtBottom();
    // A new message: its commit lays nothing out (no height read); the observer's first delivery
    // for the new row, after the frame's layout (before its paint), brings the view to the bottom.
    height.value = 2100;
    const sent = { ...messages[0], id: 'm4', content: 'Mine', status: 'complete' } as Message;
    reads.count = 0;
    rerender(<MessageList {...props} messages={[...messages, sent]} />);
    expect(reads.count).toBe(0);
    expect(list.scrollTop).toBe(1500);
    deliverResize(list);
    expect(list.scrollTop).toBe(2100);
    // The user scrolls up; the rows grow under them: the view stays where they are.
    list.scrollTop = 1000;
    fireEvent.scroll(list);
    height.value = 2400;
    deliverResize(list);
    expect(list.scrollTop).toBe(1000);
    expect(screen.getByTestId('jump-to-latest')).toBeTruthy();
  });
});
