import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { renderWithRouter } from '../test/render-with-router';
import { useToastStore } from '../ui/toast-store';
import { SubscribeModal } from './subscribe-modal';

let calls: Array<{ url: string; body: unknown }>;
let answer: { status: number; body: unknown };

beforeEach(() => {
  calls = [];
  useAppStore.setState({ token: 'tok', activeModal: 'subscribe' });
  useToastStore.setState({ toasts: [] });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('SubscribeModal', () => {
  it('should start the Pro checkout from Subscribe Now and go to its page, closing the modal', async () => {
    answer = { status: 200, body: { orderId: 'o1', url: '/settings/credits/complete?order=o1&checkout=sandbox' } };
    const { router } = renderWithRouter(<SubscribeModal />);
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/credits/complete'));
    expect(router.state.location.search).toBe('?order=o1&checkout=sandbox');
    expect(calls).toEqual([{ url: expect.stringMatching(/\/billing\/checkout$/), body: { product: 'pro' } }]);
    expect(useAppStore.getState().activeModal).toBeNull();
  });

  it('should close and say why in a toast when the checkout cannot start', async () => {
    answer = { status: 403, body: { message: 'Payments are turned off on this server.', code: 'billing:disabled' } };
    const { router } = renderWithRouter(<SubscribeModal />);
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe Now' }));
    await waitFor(() => expect(useAppStore.getState().activeModal).toBeNull());
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      severity: 'error',
      message: 'Payments are turned off on this server.',
    });
    expect(router.state.location.pathname).toBe('/');
  });
});
