import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { useEndTemporaryOnPageHide } from './use-end-temporary-on-hide';

function Page({ chatId, temporary }: { chatId: string; temporary: boolean }) {
  useEndTemporaryOnPageHide(chatId, temporary);
  return null;
}

let calls: Array<{ url: string; init?: RequestInit }>;

beforeEach(() => {
  calls = [];
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
