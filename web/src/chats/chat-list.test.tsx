import type { Chat } from '@neura/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispatchChats } from '../store/chats';
import { usePersonas } from '../store/personas';
import { renderWithRouter } from '../test/render-with-router';
import { ChatList } from './chat-list';

const many = (n: number): Chat[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `c${i}`,
    name: `Chat number ${i}`,
    persona: i % 2 ? 'default' : 'gone',
    lastMessageAt: null,
    preview: i === 1 ? 'Hello from the preview' : null,
    isPinned: false,
    isArchived: false,
  }));

// jsdom has no layout: give the scroll container a real size so the virtualizer shows a window of rows.
const sizes = { clientHeight: 600, clientWidth: 288, offsetHeight: 600, offsetWidth: 288 } as const;
const saved = Object.fromEntries(
  Object.keys(sizes).map((k) => [k, Object.getOwnPropertyDescriptor(HTMLElement.prototype, k)]),
);
beforeAll(() => {
  for (const [k, v] of Object.entries(sizes))
    Object.defineProperty(HTMLElement.prototype, k, { configurable: true, get: () => v });
});
afterAll(() => {
  for (const [k, d] of Object.entries(saved)) if (d) Object.defineProperty(HTMLElement.prototype, k, d);
});

beforeEach(() => {
  dispatchChats({ type: 'loaded', chats: many(5000) });
  usePersonas.setState({
    loaded: true,
    personas: [
      {
        id: 'default',
        icon: 'spark',
        name: 'Neura',
        description: '',
        cost: 1,
        tags: [],
        published: true,
        requiresPro: false,
        includedSkills: [],
      },
    ],
  });
});

describe('ChatList', () => {
  it('should render only a window of rows for 5,000 chats', () => {
    renderWithRouter(<ChatList />);
    const rows = screen.getAllByTestId('chat-row');
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.length).toBeLessThan(60);
    // 5,000 rows of 72 px under one 32 px heading (none has messages yet: Today).
    expect(screen.getByRole('list', { name: 'Chats' }).style.height).toBe(`${32 + 5000 * 72}px`);
  });

  it('should show date headings, pinned chats on top, and no headings in search results', () => {
    const day = 86_400_000;
    dispatchChats({
      type: 'loaded',
      chats: [
        { ...many(1)[0], id: 'p', name: 'Pinned one', isPinned: true } as Chat,
        { ...many(1)[0], id: 't', name: 'Today one', lastMessageAt: new Date().toISOString() } as Chat,
        {
          ...many(1)[0],
          id: 'e',
          name: 'Old one',
          lastMessageAt: new Date(Date.now() - 9 * day).toISOString(),
        } as Chat,
      ],
    });
    renderWithRouter(<ChatList />);
    expect(
      within(screen.getByRole('list', { name: 'Chats' }))
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Pinned', 'Today', 'Earlier']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search chats' }), { target: { value: 'one' } });
    expect(within(screen.getByRole('list', { name: 'Chats' })).queryAllByRole('heading')).toHaveLength(0);
    expect(screen.getAllByTestId('chat-row')).toHaveLength(3);
  });

  it('should show the preview or "No messages yet" and the persona name or "Unknown / Custom"', async () => {
    // A persona outside the catalog is asked for by its profile: this one is gone (404).
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        return new Response(JSON.stringify({ message: 'That persona is not available.', code: 'not-found' }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    try {
      renderWithRouter(<ChatList />);
      const [first, second] = screen.getAllByTestId('chat-row');
      expect(first?.textContent).toContain('No messages yet');
      await waitFor(() => expect(first?.textContent).toContain('Unknown / Custom'));
      expect(second?.textContent).toContain('Hello from the preview');
      expect(second?.textContent).toContain('Neura');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('should name a chat’s persona from its profile when it is someone’s own (not in the catalog)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ ...usePersonas.getState().personas[0], id: 'gone', name: 'Captain Quill' }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    try {
      renderWithRouter(<ChatList />);
      const [first] = screen.getAllByTestId('chat-row');
      await waitFor(() => expect(first?.textContent).toContain('Captain Quill'));
      expect(first?.textContent).not.toContain('Unknown / Custom');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('should filter by name and preview', () => {
    renderWithRouter(<ChatList />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search chats' }), {
      target: { value: 'from the PREVIEW' },
    });
    expect(screen.getAllByTestId('chat-row')).toHaveLength(1);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search chats' }), { target: { value: 'number 4999' } });
    expect(screen.getAllByTestId('chat-row').map((r) => r.dataset.chatId)).toEqual(['c4999']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search chats' }), { target: { value: 'q' } });
    expect(screen.getByText('No chats match your search.')).toBeTruthy();
    // Long enough for message results: they take the list's place, without "No chats match" above them.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search chats' }), { target: { value: 'zzz' } });
    expect(screen.queryByText('No chats match your search.')).toBeNull();
    expect(screen.getByTestId('message-search')).toBeTruthy();
  });
});
