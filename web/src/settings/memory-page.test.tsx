import type { Memory, MemoryItem } from '@neura/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryNotes } from '../chat/memory-note';
import { useAppStore } from '../store/app-store';
import { useToastStore } from '../ui/toast-store';
import MemoryPage from './memory-page';

let calls: Array<{ url: string; method: string; body: unknown }>;
let memory: Memory;
let refuse: { status: number; message: string } | undefined;
let nextId = 1;

const item = (text: string, extra: Partial<MemoryItem> = {}): MemoryItem => ({
  id: `m${nextId++}`,
  text,
  scope: 'user',
  pinned: false,
  source: 'user',
  createdAt: '2026-11-28T10:00:00.000Z',
  ...extra,
});

/** A small stand-in for the memory API: answers as the server does, from `memory`. */
async function answer(url: string, method: string, body: Record<string, unknown> | undefined): Promise<unknown> {
  const path = new URL(url, 'http://x').pathname.replace(/^\/api/, '');
  if (path === '/users/me/memory') {
    if (method === 'PUT') memory = { ...memory, ...body };
    return memory;
  }
  if (path === '/users/me/memory/items' && method === 'POST') {
    const added = item(String(body?.text));
    memory = { ...memory, items: [added, ...memory.items] };
    return added;
  }
  if (path === '/users/me/memory/items' && method === 'DELETE') {
    memory = { ...memory, items: [] };
    return { success: true };
  }
  const id = path.split('/').at(-1);
  if (method === 'DELETE') {
    memory = { ...memory, items: memory.items.filter((i) => i.id !== id) };
    return { success: true };
  }
  const found = memory.items.find((i) => i.id === id) as MemoryItem;
  const next = { ...found, ...body };
  memory = { ...memory, items: memory.items.map((i) => (i.id === id ? next : i)) };
  return next;
}

beforeEach(() => {
  calls = [];
  refuse = undefined;
  memory = {
    enabled: true,
    about: 'I am Sam.',
    items: [
      item('Her cat is Miso.', { pinned: true }),
      item('Learning Greek.', { source: 'model', scope: 'persona', personaId: 'kind-listener' }),
    ],
  };
  useAppStore.setState({ token: 'tok' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method, body });
      if (refuse && method !== 'GET')
        return new Response(JSON.stringify({ message: refuse.message, code: 'request:invalid' }), {
          status: refuse.status,
        });
      return new Response(JSON.stringify(await answer(url, method, body)), {
        status: method === 'POST' ? 201 : 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
  useAppStore.setState({ token: null });
});

function renderPage(element = <MemoryPage />) {
  const router = createMemoryRouter([{ path: '/settings/memory', element }], { initialEntries: ['/settings/memory'] });
  render(<RouterProvider router={router} />);
}
const writes = () =>
  calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${new URL(c.url, 'http://x').pathname}`);

describe('MemoryPage', () => {
  it('should show a skeleton, then the switch, about me with its counter and every item with scope and source', async () => {
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading memory' })).toBeTruthy();
    const items = await screen.findAllByTestId('memory-item');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Her cat is Miso.Pinned ·Every persona · Added by you'),
      expect.stringContaining('Learning Greek.One persona · Saved by the model'),
    ]);
    expect((screen.getByRole('switch', { name: 'Use memory' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('memory-about') as HTMLTextAreaElement).value).toBe('I am Sam.');
    expect(screen.getByText('9 / 1,500')).toBeTruthy();
  });

  it('should add, edit, pin and delete items, save about me and switch memory off', async () => {
    renderPage();
    await screen.findAllByTestId('memory-item');
    fireEvent.change(screen.getByTestId('memory-add-input'), { target: { value: 'I am vegetarian.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText('I am vegetarian.');

    fireEvent.click(screen.getByRole('button', { name: 'Edit “Learning Greek.”' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Edit “Learning Greek.”' }), {
      target: { value: 'Fluent in Greek.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Fluent in Greek.');

    fireEvent.click(screen.getByRole('button', { name: 'Unpin “Her cat is Miso.”' }));
    await screen.findByRole('button', { name: 'Pin “Her cat is Miso.”' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete “I am vegetarian.”' }));
    await waitFor(() => expect(screen.queryByText('I am vegetarian.')).toBeNull());

    fireEvent.change(screen.getByTestId('memory-about'), { target: { value: 'I am Sam, a nurse.' } });
    expect(screen.getByText('18 / 1,500')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save about me' }));
    await waitFor(() => expect(memory.about).toBe('I am Sam, a nurse.'));

    fireEvent.click(screen.getByRole('switch', { name: 'Use memory' }));
    await waitFor(() => expect(memory.enabled).toBe(false));
    expect(writes()).toEqual([
      'POST /api/users/me/memory/items',
      `PATCH /api/users/me/memory/items/m${nextId - 2}`,
      `PATCH /api/users/me/memory/items/m${nextId - 3}`,
      `DELETE /api/users/me/memory/items/m${nextId - 1}`,
      'PUT /api/users/me/memory',
      'PUT /api/users/me/memory',
    ]);
  });

  it('should forget everything only after the confirmation', async () => {
    renderPage();
    await screen.findAllByTestId('memory-item');
    fireEvent.click(screen.getByRole('button', { name: 'Forget everything' }));
    const dialog = screen.getByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Forget everything' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Forget everything' }));
    await screen.findByText(/Nothing remembered yet/);
    expect(writes()).toEqual(['DELETE /api/users/me/memory/items']);
  });

  it("should keep the text and show the server's message when a change fails, and block an over-long about me", async () => {
    renderPage();
    await screen.findAllByTestId('memory-item');
    refuse = { status: 400, message: 'A memory can be at most 500 characters.' };
    fireEvent.change(screen.getByTestId('memory-add-input'), { target: { value: 'Too long, says the server' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.message)).toContain(
        'A memory can be at most 500 characters.',
      ),
    );
    expect((screen.getByTestId('memory-add-input') as HTMLInputElement).value).toBe('Too long, says the server');

    fireEvent.change(screen.getByTestId('memory-about'), { target: { value: 'x'.repeat(1501) } });
    expect(screen.getByText('1,501 / 1,500')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save about me' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('MemoryNotes', () => {
  it('should undo what the model remembered (the item is deleted) and what it forgot (added back as it was)', async () => {
    const parts = [
      {
        type: 'memory' as const,
        action: 'remembered' as const,
        itemId: 'r1',
        text: 'Likes tea.',
        scope: 'persona' as const,
        personaId: 'p',
      },
      {
        type: 'memory' as const,
        action: 'forgot' as const,
        itemId: 'f1',
        text: 'Hates olives.',
        scope: 'user' as const,
      },
    ];
    memory.items.push({ ...item('Likes tea.'), id: 'r1' });
    const message = {
      id: 'a',
      chatId: 'c',
      role: 'assistant' as const,
      content: 'Ok',
      createdAt: '',
      status: 'complete' as const,
      cost: 1,
      parts,
    };
    renderPage(<MemoryNotes message={message} />);
    const notes = screen.getAllByTestId('memory-note');
    expect(notes.map((n) => n.textContent)).toEqual([
      expect.stringContaining('Memory updatedRemembered: Likes tea.'),
      expect.stringContaining('Memory updatedForgot: Hates olives.'),
    ]);
    for (const note of notes) fireEvent.click(within(note).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getAllByText('Undone')).toHaveLength(2));
    expect(writes()).toEqual(['DELETE /api/users/me/memory/items/r1', 'POST /api/users/me/memory/items']);
    expect(calls.at(-1)?.body).toEqual({ text: 'Hates olives.', scope: 'user' });
    expect(screen.getAllByRole('link', { name: 'Manage memory' })[0]?.getAttribute('href')).toBe('/settings/memory');
  });
});
