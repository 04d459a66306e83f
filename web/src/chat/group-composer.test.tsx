import type { CustomPersona, Persona } from '@neura/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../api/query-client';
import { myPersonaKeys } from '../personas/queries/my-personas';
import { usePersonas } from '../store/personas';
import { renderWithRouter } from '../test/render-with-router';
import { GroupComposer } from './group-composer';
import { completeMention, mentionAt, mentioned } from './group-mentions';

const persona = (id: string, name: string, cost: number): Persona => ({
  id,
  icon: 'spark',
  name,
  description: name,
  cost,
  tags: [],
  published: true,
  requiresPro: false,
  includedSkills: [],
});
const mine: CustomPersona = {
  ...persona('my-bard', 'My Bard', 1),
  published: false,
  instructions: 'Sing.',
  model: null,
  visibility: 'private',
  reviewState: null,
  link: '/p/my-bard',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

beforeEach(() => {
  usePersonas.setState({
    personas: [
      persona('coach', 'Mindful Coach', 2),
      persona('pal', 'Nutrition Pal', 2),
      persona('max', 'Trainer Max', 3),
      persona('scout', 'Scout', 4),
    ],
  });
  queryClient.setQueryData(myPersonaKeys.all, { items: [mine], limit: 10 });
});

const renderGroup = (onSend = vi.fn(async () => true), chatId: string | null = 'chat-1') => {
  renderWithRouter(
    <GroupComposer
      chatId={chatId}
      members={['coach', 'pal', 'max']}
      streaming={false}
      onSend={onSend}
      onStop={() => undefined}
    />,
  );
  return screen.getByRole('combobox', { name: 'Message' }) as HTMLTextAreaElement;
};
const type = (box: HTMLTextAreaElement, value: string) => {
  fireEvent.change(box, { target: { value, selectionStart: value.length, selectionEnd: value.length } });
};

describe('group mentions', () => {
  const members = [
    { id: 'a', name: 'Ada', cost: 1 },
    { id: 'al', name: 'Ada Lovelace', cost: 2 },
  ];
  it('should read @Name as the server does: longest name first, ending at a non-word', () => {
    expect(mentioned(members, 'hi @ada lovelace!').map((m) => m.id)).toEqual(['al']);
    expect(mentioned(members, '@Ada and @Ada Lovelace').map((m) => m.id)).toEqual(['a', 'al']);
    expect(mentioned(members, '@Adam')).toEqual([]);
  });
  it('should find the @… before the caret and complete it', () => {
    expect(mentionAt('hi @ad', 6, members)?.options.map((m) => m.id)).toEqual(['a', 'al']);
    expect(mentionAt('hi @ada l', 9, members)?.options.map((m) => m.id)).toEqual(['al']);
    expect(mentionAt('mail@ad', 7, members)).toBeNull();
    expect(mentionAt('hi @zed', 7, members)).toBeNull();
    expect(completeMention('hi @ad there', 3, 6, 'Ada Lovelace')).toEqual({
      value: 'hi @Ada Lovelace there',
      caret: 17,
    });
  });
});

describe('GroupComposer (issue #46)', () => {
  it('should offer the personas as a listbox on @, move with the arrows and pick with Enter', async () => {
    const onSend = vi.fn(async () => true);
    const box = renderGroup(onSend);
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    type(box, 'Hi @');
    const list = await screen.findByRole('listbox', { name: 'Personas to address' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Mindful Coach', 'Nutrition Pal', 'Trainer Max']);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    const selected = () => document.getElementById(box.getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(selected()).toBe('Mindful Coach');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(selected()).toBe('Nutrition Pal');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(selected()).toBe('Trainer Max');
    expect(within(list).getByRole('option', { selected: true }).textContent).toBe('Trainer Max');
    await act(async () => {
      fireEvent.keyDown(box, { key: 'Enter' });
      await new Promise((r) => requestAnimationFrame(r));
    });
    expect(onSend).not.toHaveBeenCalled();
    expect(box.value).toBe('Hi @Trainer Max ');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    // The price is the addressed persona's only, and says who replies.
    expect(screen.getByTestId('group-round-price').textContent).toBe('Up to 3 credits · Replying: Trainer Max');
    fireEvent.keyDown(box, { key: 'Enter' });
    // Sent with the picked persona's id as `to` (issue #46: the server needs no name to match).
    expect(onSend).toHaveBeenCalledWith('Hi @Trainer Max ', [], ['max']);
  });

  it('should keep what is typed right after a pick after the name, even before the next frame', async () => {
    const box = renderGroup();
    type(box, '@tra');
    await screen.findByRole('listbox');
    // The pick's caret is placed in its own commit: keys typed at once, before a frame has passed,
    // stay where they were typed (a caret set in a later frame moved "y mañana?" to "mañana?y ").
    act(() => {
      fireEvent.keyDown(box, { key: 'Enter' });
    });
    expect(box.value).toBe('@Trainer Max ');
    expect(box.selectionStart).toBe('@Trainer Max '.length);
    type(box, '@Trainer Max y ');
    await act(async () => {
      await new Promise((r) => requestAnimationFrame(r));
    });
    expect(box.selectionStart).toBe('@Trainer Max y '.length);
    expect(document.activeElement).toBe(box);
  });

  it('should narrow the list as a name is typed, pick with Tab, and close on Escape', async () => {
    const onSend = vi.fn(async () => true);
    const box = renderGroup(onSend);
    type(box, '@nu');
    expect(within(await screen.findByRole('listbox')).getAllByRole('option')).toHaveLength(1);
    await act(async () => {
      fireEvent.keyDown(box, { key: 'Tab' });
      await new Promise((r) => requestAnimationFrame(r));
    });
    expect(box.value).toBe('@Nutrition Pal ');
    type(box, '@Nutrition Pal and @t');
    await screen.findByRole('listbox');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    // Closed: Enter sends the text as it is.
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('@Nutrition Pal and @t', [], ['pal']);
    // A message naming nobody goes to all: no `to`.
    await waitFor(() => expect(box.value).toBe(''));
    type(box, 'Hi all');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenLastCalledWith('Hi all', []);
  });

  it('should price a message for all personas unless it names some', () => {
    const box = renderGroup();
    const price = () => screen.getByTestId('group-round-price').textContent;
    expect(price()).toBe('Up to 7 credits');
    type(box, '@Mindful Coach and @nutrition pal, hi');
    expect(price()).toBe('Up to 4 credits · Replying: Mindful Coach and Nutrition Pal');
    type(box, 'hi all');
    expect(price()).toBe('Up to 7 credits');
  });

  it("should offer the user's own personas to add, besides the catalog's", () => {
    renderGroup();
    fireEvent.click(screen.getByTestId('group-add'));
    const dialog = screen.getByRole('dialog', { name: 'Add a persona to this chat' });
    expect(within(within(dialog).getByTestId('group-add-mine')).getByText('My Bard')).toBeTruthy();
    expect(within(within(dialog).getByTestId('group-add-catalog')).getAllByTestId('group-add-option')).toHaveLength(1);
  });

  it('should show a draft group without Let … speak or adding, its price and its note', () => {
    renderGroup(
      vi.fn(async () => true),
      null,
    );
    expect(screen.getAllByTestId('group-member').map((m) => m.textContent)).toEqual([
      'Mindful Coach',
      'Nutrition Pal',
      'Trainer Max',
    ]);
    expect(screen.queryByTestId('group-let-speak')).toBeNull();
    expect(screen.queryByTestId('group-add')).toBeNull();
    expect(screen.getByTestId('group-draft-note').textContent).toBe('The chat starts with your first message.');
    expect(screen.getByTestId('group-round-price').textContent).toBe('Up to 7 credits');
  });
});
