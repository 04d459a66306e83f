import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { useEndTemporaryOnPageHide } from './use-end-temporary-on-hide';

/** A stand-in for the session socket: what was emitted, and server events to receive. */
const fake = vi.hoisted(() => {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    connected: true,
    emitted: [] as Array<[string, unknown]>,
    on(event: string, fn: (payload: unknown) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)?.add(fn);
      return socket;
    },
    off(event: string, fn: (payload: unknown) => void) {
      handlers.get(event)?.delete(fn);
      return socket;
    },
    timeout() {
      return {
        emitWithAck: async (event: string, payload: unknown) => {
          socket.emitted.push([event, payload]);
          return { success: true };
        },
      };
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
}));

function Page({ chatId, temporary }: { chatId: string; temporary: boolean }) {
  useEndTemporaryOnPageHide(chatId, temporary);
  return null;
}

let calls: Array<{ url: string; init?: RequestInit }>;

beforeEach(() => {
  calls = [];
  fake.emitted = [];
  useAppStore.setState({ token: 'tok' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return new Response('{"success":true}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** Closing the tab or reloading leaves a temporary chat (issue #49): it is deleted then, not 24 h later. */
describe('a temporary chat left by closing or reloading the page', () => {
  it('should send its delete as a keepalive request when the page goes', () => {
    render(<Page chatId="c1" temporary />);
    window.dispatchEvent(new Event('pagehide'));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toMatch(/\/users\/me\/chats\/c1$/);
    expect(calls[0]?.init).toMatchObject({ method: 'DELETE', keepalive: true });
    expect(calls[0]?.init?.headers).toMatchObject({ Authorization: 'Bearer tok' });
  });

  it('should leave a kept chat alone, and stop listening once the chat is closed', () => {
    const { unmount } = render(<Page chatId="c2" temporary={false} />);
    window.dispatchEvent(new Event('pagehide'));
    unmount();
    const open = render(<Page chatId="c3" temporary />);
    open.unmount();
    window.dispatchEvent(new Event('pagehide'));
    expect(calls).toEqual([]);
  });
});

/** A tab that dies without pagehide (issue #49): its socket holds the chat, again after every reconnect. */
describe('a temporary chat held by the open tab', () => {
  it('should tell the server on opening and on every (re)connect', () => {
    render(<Page chatId="c4" temporary />);
    expect(fake.emitted).toEqual([['temporaryChat', { chatId: 'c4' }]]);
    act(() => fake.receive('ready', {}));
    expect(fake.emitted).toEqual([
      ['temporaryChat', { chatId: 'c4' }],
      ['temporaryChat', { chatId: 'c4' }],
    ]);
  });

  it('should say nothing for a kept chat', () => {
    render(<Page chatId="c5" temporary={false} />);
    act(() => fake.receive('ready', {}));
    expect(fake.emitted).toEqual([]);
  });
});
