import type { Persona } from '@neura/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewChatModal } from '../chats/new-chat-modal';
import { useAppStore } from '../store/app-store';
import { usePersonas } from '../store/personas';
import { dispatchUser } from '../store/user';
import { renderWithRouter } from '../test/render-with-router';
import { useSessionConnection } from './use-session-connection';

/** The session socket: the test fires server events at the listeners. */
const fake = vi.hoisted(() => {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    on(event: string, fn: (payload: unknown) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)?.add(fn);
      return socket;
    },
    off(event: string, fn: (payload: unknown) => void) {
      handlers.get(event)?.delete(fn);
      return socket;
    },
    receive(event: string, payload: unknown) {
      for (const fn of handlers.get(event) ?? []) fn(payload);
    },
  };
  return socket;
});

vi.mock('../api/session-socket', () => ({
  getSessionSocket: () => fake,
  onSessionSocket: () => () => undefined,
  connectSession: async () => undefined,
  disconnectSession: () => undefined,
}));

const persona = (id: string, over: Partial<Persona> = {}): Persona => ({
  id,
  icon: 'spark',
  name: `Persona ${id}`,
  description: `About ${id}`,
  cost: 3,
  tags: ['helpful'],
  published: true,
  requiresPro: false,
  includedSkills: [],
  ...over,
});

function App() {
  useSessionConnection();
  return <NewChatModal />;
}

beforeEach(() => {
  useAppStore.setState({ activeModal: 'newchat', token: 't', serverOnline: true });
  usePersonas.setState({ personas: [persona('helper')], loaded: true });
  dispatchUser({
    type: 'loaded',
    user: {
      email: 'a@b.co',
      firstName: 'A',
      lastName: 'B',
      referralCode: 'X',
      proExpiry: null,
      isPro: false,
      flags: [],
      credits: 50,
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the catalog in an open app', () => {
  it('should refetch the personas when the operator changes them, so an open New Chat shows the change at once', async () => {
    const changed = [
      persona('helper', { tagline: 'Now with a tagline', avatarUrl: '/api/personas/helper/avatar?v=2' }),
      persona('newcomer', { name: 'Newcomer' }),
    ];
    const fetchMock = vi.fn(
      async (_url: string) =>
        new Response(JSON.stringify(changed), { headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithRouter(<App />);
    const dialog = screen.getByRole('dialog', { name: 'New Chat' });
    expect(within(dialog).queryByText('Newcomer')).toBeNull();

    act(() => fake.receive('personas.changed', {}));
    await waitFor(() => expect(within(dialog).getByText('Newcomer')).toBeTruthy());
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/\/personas$/);
    const helper = within(dialog).getByText('Persona helper').closest('button') as HTMLButtonElement;
    expect(helper.textContent).toContain('Now with a tagline');
    expect(helper.querySelector('img')?.getAttribute('src')).toMatch(/\/personas\/helper\/avatar\?v=2$/);

    // The detail view shows the tagline and the persona's suggested prompts.
    act(() =>
      usePersonas.setState({
        personas: [persona('helper', { tagline: 'Now with a tagline', suggestedPrompts: ['First question'] })],
      }),
    );
    fireEvent.click(within(dialog).getByText('Persona helper'));
    expect(screen.getByTestId('newchat-detail-tagline').textContent).toBe('Now with a tagline');
    expect(screen.getByTestId('newchat-detail-prompts').textContent).toBe('First question');
  });
});
