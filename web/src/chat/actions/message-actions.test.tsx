import type { Chat, Message, Persona, SkillInfo } from '@neura/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispatchChats } from '../../store/chats';
import { usePersonas } from '../../store/personas';
import { useToastStore } from '../../ui/toast-store';
import { MessageItem } from '../message-item';
import { formatTime, receiptOf } from './receipt';

/** A stand-in for the session socket: records emits and answers acks from a script. */
const fake = vi.hoisted(() => {
  const socket = {
    connected: true,
    ack: { messageId: 'new' } as unknown,
    emitted: [] as Array<[string, unknown]>,
    on: () => socket,
    off: () => socket,
    emit(event: string, payload: unknown) {
      socket.emitted.push([event, payload]);
      return socket;
    },
    timeout: () => ({
      emitWithAck: async (event: string, payload: unknown) => {
        socket.emitted.push([event, payload]);
        return socket.ack;
      },
    }),
  };
  return socket;
});

vi.mock('../../api/session-socket', () => ({
  getSessionSocket: () => fake,
  onSessionSocket: () => () => undefined,
}));

const msg = (id: string, over: Partial<Message> = {}): Message => ({
  id,
  chatId: 'c1',
  role: 'assistant',
  content: '**Bold** and a list:\n\n- one\n- two',
  createdAt: '2026-03-04T10:05:00.000Z',
  status: 'complete',
  cost: 6,
  ...over,
});

const writeText = vi.fn(async (_text: string) => undefined);

beforeEach(() => {
  fake.emitted = [];
  fake.ack = { messageId: 'new' };
  writeText.mockClear();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => useToastStore.setState({ toasts: [] }));

describe('message actions', () => {
  it('should offer a keyboard-reachable toolbar with the time and copy as text or markdown', async () => {
    render(<MessageItem message={msg('m1')} />);
    const toolbar = screen.getByRole('toolbar', { name: 'Message actions' });
    expect(within(toolbar).getByText(/\d{1,2}:\d{2}/).tagName).toBe('TIME');
    const more = within(toolbar).getByRole('button', { name: 'More actions' });
    fireEvent.keyDown(more, { key: 'ArrowDown' });
    const menu = screen.getByRole('menu', { name: 'More actions' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Copy as text', 'Copy as markdown']);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.click(items[1] as HTMLElement);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('**Bold** and a list:\n\n- one\n- two'));
    expect((await screen.findByRole('status')).textContent).toBe('Copied');
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(more);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Copy as text' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));
    const plain = writeText.mock.calls[1]?.[0] ?? '';
    expect(plain).toContain('Bold');
    expect(plain).not.toContain('**');
    expect(plain).not.toContain('- one');
  });

  it('should be one tab stop whose arrow keys, Home and End move between the actions', () => {
    render(<MessageItem message={msg('m1')} isLast />);
    const toolbar = screen.getByRole('toolbar', { name: 'Message actions' });
    const buttons = within(toolbar).getAllByRole('button');
    // The receipt, read aloud (in the toolbar, not the bubble), more, regenerate.
    expect(buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual([
      'Cost: 6 credits. Show receipt',
      'Read aloud',
      'More actions',
      'Regenerate',
    ]);
    const stops = () => buttons.filter((b) => b.tabIndex === 0);
    expect(stops()).toEqual([buttons[0]]);
    (buttons[0] as HTMLElement).focus();
    fireEvent.keyDown(buttons[0] as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[1]);
    expect(stops()).toEqual([buttons[1]]);
    fireEvent.keyDown(buttons[1] as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(buttons[3]);
    fireEvent.keyDown(buttons[3] as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(buttons[0] as HTMLElement, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(buttons[3]);
    fireEvent.keyDown(buttons[3] as HTMLElement, { key: 'Home' });
    expect(document.activeElement).toBe(buttons[0]);
    // The tab stop stays on the action used last.
    fireEvent.keyDown(buttons[0] as HTMLElement, { key: 'ArrowRight' });
    expect(stops()).toEqual([buttons[1]]);
    // Arrows inside the open copy menu are the menu's.
    fireEvent.keyDown(buttons[2] as HTMLElement, { key: 'ArrowDown' });
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    fireEvent.keyDown(items[0] as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(items[0]);
    // ... and its items are left out of the toolbar's tab stop.
    expect(items.some((i) => i.hasAttribute('tabindex'))).toBe(false);
  });

  it('should end a streaming reply with the caret, and drop it once the reply is complete', () => {
    const { container, rerender } = render(
      <MessageItem message={msg('m1', { status: 'streaming', content: 'Once' })} />,
    );
    const caret = () => container.querySelector('.stream-caret > .markdown');
    expect(caret()?.textContent).toBe('Once');
    rerender(<MessageItem message={msg('m1', { content: 'Once upon a time' })} />);
    expect(caret()).toBeNull();
  });

  it('should close the copy menu with Escape and give focus back', () => {
    render(<MessageItem message={msg('m1')} />);
    const more = screen.getByRole('button', { name: 'More actions' });
    fireEvent.click(more);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(more);
    expect(more.getAttribute('aria-expanded')).toBe('false');
  });

  it('should retry a failed last reply, and not offer Retry elsewhere', async () => {
    const failed = msg('m2', { status: 'failed', content: '' });
    const { rerender } = render(<MessageItem message={failed} isLast />);
    expect(screen.getByText('This reply could not be completed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(fake.emitted).toContainEqual(['retryMessage', { chatId: 'c1', messageId: 'm2' }]));
    rerender(<MessageItem message={failed} isLast={false} />);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    rerender(<MessageItem message={failed} isLast busy />);
    expect(screen.getByRole('button', { name: 'Retry' })).toHaveProperty('disabled', true);
  });

  it('should regenerate the last reply and show the refusal as a toast', async () => {
    fake.ack = { error: { message: 'A reply is still being written in this chat.', code: 'conflict' } };
    render(<MessageItem message={msg('m3')} isLast />);
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(fake.emitted).toContainEqual(['regenerateMessage', { chatId: 'c1', messageId: 'm3' }]));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.message)).toContain(
        'A reply is still being written in this chat.',
      ),
    );
  });

  it('should switch versions with ‹ and ›, disabled at the ends', () => {
    const onVersion = vi.fn();
    const message = msg('m4', { replyTo: 'u1' });
    const { rerender } = render(
      <MessageItem message={message} versionIndex={1} versionCount={2} onVersion={onVersion} />,
    );
    const group = screen.getByRole('group', { name: 'Version 1 of 2' });
    expect(within(group).getByText('1/2')).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Previous version' })).toHaveProperty('disabled', true);
    fireEvent.click(within(group).getByRole('button', { name: 'Next version' }));
    expect(onVersion).toHaveBeenCalledWith(message, 1);
    rerender(<MessageItem message={message} versionIndex={2} versionCount={2} onVersion={onVersion} />);
    expect(screen.getByRole('button', { name: 'Next version' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous version' }));
    expect(onVersion).toHaveBeenLastCalledWith(message, -1);
  });

  it('should edit the last user message and resend it; Escape cancels', async () => {
    const mine = msg('u9', { role: 'user', content: 'Tell me about cats', cost: 0 });
    render(<MessageItem message={mine} isLast />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Edit your message' }) as HTMLTextAreaElement;
    expect(box.value).toBe('Tell me about cats');
    expect(document.activeElement).toBe(box);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Tell me about cats')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const again = screen.getByRole('textbox', { name: 'Edit your message' });
    fireEvent.change(again, { target: { value: 'Tell me about dogs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(fake.emitted).toContainEqual([
        'editMessage',
        { chatId: 'c1', messageId: 'u9', text: 'Tell me about dogs' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
  });

  it('should send `to` with the personas an edit names in a group chat, and none when it names nobody', async () => {
    const persona = {
      icon: 'spark',
      description: '',
      cost: 2,
      tags: [],
      published: true,
      requiresPro: false,
      includedSkills: [],
    };
    usePersonas.setState({
      personas: [
        { ...persona, id: 'chef-basil', name: 'Chef Basil' },
        { ...persona, id: 'sous-chef', name: 'Sous Chef' },
      ] as Persona[],
      loaded: true,
    });
    dispatchChats({
      type: 'loaded',
      chats: [
        {
          id: 'c1',
          name: 'G',
          persona: 'chef-basil',
          personas: ['chef-basil', 'sous-chef'],
          lastMessageAt: null,
          preview: null,
          isPinned: false,
          isArchived: false,
        } satisfies Chat,
      ],
    });
    const edit = async (text: string) => {
      fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
      fireEvent.change(screen.getByRole('textbox', { name: 'Edit your message' }), { target: { value: text } });
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    };
    render(<MessageItem message={msg('u9', { role: 'user', content: 'Hi both', cost: 0 })} isLast />);
    await edit('Only you, @sous chef?');
    await edit('Both again');
    expect(fake.emitted).toEqual([
      ['editMessage', { chatId: 'c1', messageId: 'u9', text: 'Only you, @sous chef?', to: ['sous-chef'] }],
      ['editMessage', { chatId: 'c1', messageId: 'u9', text: 'Both again' }],
    ]);
    dispatchChats({ type: 'loaded', chats: [] });
    usePersonas.setState({ personas: [], loaded: false });
  });

  it('should keep the edit open with the text when the server refuses it', async () => {
    fake.ack = { error: { message: 'Only your latest message in a chat can be edited.', code: 'conflict' } };
    render(<MessageItem message={msg('u9', { role: 'user', content: 'Old', cost: 0 })} isLast />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'New text' } });
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Enter' });
    await waitFor(() => expect(useToastStore.getState().toasts).toHaveLength(1));
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('New text');
  });

  it('should not offer Edit on an older user message', () => {
    render(<MessageItem message={msg('u1', { role: 'user', content: 'Old', cost: 0 })} />);
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});

describe('receipt', () => {
  const skills = new Map<string, SkillInfo>([['generate_image', { id: 'generate_image', available: true, cost: 4 }]]);
  const withImage = msg('m5', {
    cost: 6,
    parts: [
      { type: 'text', text: 'Here:' },
      { type: 'tool', id: 'call1', skill: 'generate_image', status: 'complete', input: { prompt: 'a cat' } },
      { type: 'tool', id: 'call2', skill: 'generate_image', status: 'failed', input: { prompt: 'x' } },
    ],
  });

  it('should split the cost into base and the surcharge of each completed skill call', () => {
    expect(receiptOf(withImage, skills)).toEqual({
      base: 2,
      surcharges: [{ id: 'call1', skill: 'generate_image', amount: 4 }],
      total: 6,
      refunded: false,
    });
    expect(receiptOf(msg('m6', { status: 'failed', cost: 2 }), skills)).toMatchObject({ total: 0, refunded: true });
  });

  it('should open the receipt from the cost chip and close it with Escape', () => {
    render(<MessageItem message={msg('m7', { cost: 2 })} />);
    const chip = screen.getByRole('button', { name: 'Cost: 2 credits. Show receipt' });
    fireEvent.click(chip);
    const receipt = screen.getByRole('dialog', { name: 'Receipt' });
    expect(within(receipt).getByText('Message').nextSibling?.textContent).toBe('2 credits');
    expect(within(receipt).getByText('Total').nextSibling?.textContent).toBe('2 credits');
    expect(within(receipt).getByText('Time')).toBeTruthy();
    expect(receipt.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-04T10:05:00.000Z');
    fireEvent.keyDown(receipt, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(chip);
  });

  it('should say a failed reply was refunded', () => {
    render(<MessageItem message={msg('m8', { cost: 2, status: 'failed', content: '' })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cost: 0 credits. Show receipt' }));
    expect(screen.getByText(/Refunded/)).toBeTruthy();
  });
});

describe('formatTime', () => {
  const at = (hours: number, minutes: number) => new Date(2026, 0, 5, hours, minutes).toISOString();

  it('should write the local time as en-US hours and minutes, without Intl', () => {
    const spy = vi.spyOn(Intl, 'DateTimeFormat');
    expect(formatTime(at(20, 5))).toBe('08:05 PM');
    expect(formatTime(at(9, 41))).toBe('09:41 AM');
    expect(formatTime(at(0, 0))).toBe('12:00 AM');
    expect(formatTime(at(12, 30))).toBe('12:30 PM');
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('should show nothing for a time it cannot read', () => {
    expect(formatTime('not a time')).toBe('');
  });
});
