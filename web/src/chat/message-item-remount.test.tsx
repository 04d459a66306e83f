import type { Message } from '@neura/contract';
import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageItem } from './message-item';

/** The texts the message's markdown was rendered with, render after render. */
const texts = vi.hoisted(() => [] as string[]);
vi.mock('../ui/lazy-markdown', () => ({
  Markdown: ({ children }: { children: string }) => {
    texts.push(children);
    return <div>{children}</div>;
  },
}));

const reply = (id: string, content: string): Message => ({
  id,
  chatId: 'c1',
  role: 'assistant',
  content,
  createdAt: '2026-03-04T10:05:00.000Z',
  status: 'complete',
  cost: 2,
});

describe('MessageItem mounted again', () => {
  beforeEach(() => {
    texts.length = 0;
  });

  it('should render a finished message without its markdown first, and with it at once when mounted again', () => {
    const message = reply('a1', 'An **answer** with a list:\n\n- one\n- two');
    const first = render(<MessageItem message={message} />);
    expect(texts[0]).toBe('');
    expect(texts.at(-1)).toBe(message.content);
    first.unmount();
    texts.length = 0;
    // Scrolled back into view: at its full height from its first render (the list measures it then).
    render(<MessageItem message={message} />);
    expect(texts).not.toContain('');
    expect(texts[0]).toBe(message.content);
  });

  it('should defer again a message whose text is not the one shown', () => {
    render(<MessageItem message={reply('a2', 'First text')} />).unmount();
    texts.length = 0;
    render(<MessageItem message={reply('a2', 'Another text')} />);
    expect(texts[0]).toBe('');
  });
});
