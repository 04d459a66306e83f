import type { User } from '@neura/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { dispatchUser } from '../store/user';
import { useToastStore } from '../ui/toast-store';
import BuyCreditsPage from './buy-credits-page';
import OrderStatusPage from './order-status-page';
import ProPage from './pro-page';
import ProSubscriptionPage from './pro-subscription-page';

type Handler = (url: string, init?: RequestInit) => { status?: number; body: unknown };
let handler: Handler;
let calls: Array<{ url: string; method: string; body: unknown }>;

const products = {
  provider: 'sandbox',
  packs: [
    { id: 'starter', credits: 100, price: 4.99, currency: 'usd' },
    { id: 'max', credits: 1500, price: 49.99, currency: 'usd' },
  ],
  pro: { price: 19.99, listPrice: 49.99, currency: 'usd', interval: 'month' },
};
const order = (over: Record<string, unknown> = {}) => ({
  id: 'o1',
  product: 'starter',
  status: 'pending',
  credits: 100,
  amount: 4.99,
  currency: 'usd',
  createdAt: '2026-11-22T10:00:00.000Z',
  paidAt: null,
  refundedCredits: 0,
  provider: 'sandbox',
  ...over,
});

const signedInUser: User = {
  email: 'a@b.co',
  firstName: 'A',
  lastName: 'B',
  referralCode: 'X',
  proExpiry: null,
  isPro: false,
  flags: [],
  credits: 0,
};

beforeEach(() => {
  calls = [];
  useAppStore.setState({ token: 'tok', activeModal: null });
  dispatchUser({ type: 'loaded', user: signedInUser });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const { status = 200, body } = handler(url, init);
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/settings/credits', element: <BuyCreditsPage /> },
      { path: '/settings/credits/complete', element: <OrderStatusPage /> },
      { path: '/pro', element: <ProPage /> },
      { path: '/settings/pro', element: <ProSubscriptionPage /> },
      { path: '/', element: <p>home</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('Buy Credits', () => {
  it('should show the balance, each pack with its price per credit, and the empty histories', async () => {
    handler = (url) => ({ body: url.endsWith('/billing/products') ? products : [] });
    renderAt('/settings/credits');
    expect(screen.getByTestId('balance-value').textContent).toBe('0 credits');
    const packs = await screen.findAllByTestId('credit-pack');
    expect(packs.map((p) => p.getAttribute('data-pack-id'))).toEqual(['starter', 'max']);
    expect(within(packs[0] as HTMLElement).getByText('$0.050 per credit')).toBeTruthy();
    expect(within(packs[1] as HTMLElement).getByText('Best value')).toBeTruthy();
    expect(await screen.findByText('No purchases yet.')).toBeTruthy();
    expect(screen.getByText('No credit changes yet.')).toBeTruthy();
    expect(screen.getByTestId('sandbox-notice')).toBeTruthy();
  });

  it('should start the checkout of a pack and go to the sandbox checkout page', async () => {
    handler = (url) => {
      if (url.endsWith('/billing/checkout'))
        return { body: { orderId: 'o1', url: '/settings/credits/complete?order=o1&checkout=sandbox' } };
      if (url.endsWith('/billing/orders/o1')) return { body: order() };
      return { body: url.endsWith('/billing/products') ? products : [] };
    };
    const router = renderAt('/settings/credits');
    const packs = await screen.findAllByTestId('credit-pack');
    fireEvent.click(within(packs[0] as HTMLElement).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?order=o1&checkout=sandbox'));
    expect(calls.find((c) => c.url.endsWith('/billing/checkout'))?.body).toEqual({ product: 'starter' });
    expect(await screen.findByText('Test payment — no money moves')).toBeTruthy();
  });

  it('should show receipts and the credits history with the persona of each message', async () => {
    handler = (url) => {
      if (url.endsWith('/billing/products')) return { body: products };
      if (url.endsWith('/billing/orders'))
        return { body: [order({ status: 'paid', paidAt: '2026-11-22T10:01:00.000Z' })] };
      return {
        body: [
          { id: 'l2', amount: -3, reason: 'message', createdAt: '2026-11-22T11:00:00.000Z', detail: 'Startup Advisor' },
          { id: 'l1', amount: 100, reason: 'purchase', createdAt: '2026-11-22T10:01:00.000Z', detail: 'starter' },
        ],
      };
    };
    renderAt('/settings/credits');
    const row = await screen.findByTestId('purchase-row');
    expect(within(row).getByTestId('receipt').textContent).toContain('o1');
    const ledger = await screen.findAllByTestId('ledger-row');
    expect(ledger.map((l) => [l.querySelector('.truncate')?.textContent, l.lastElementChild?.textContent])).toEqual([
      ['Message · Startup Advisor', '-3'],
      ['Starter pack', '+100'],
    ]);
  });

  it('should offer to try again when the packs fail to load', async () => {
    const limits = {
      dailyCredits: null,
      monthlyCredits: null,
      spentToday: 0,
      spentThisMonth: 0,
      dayResetsAt: '2026-11-29T00:00:00.000Z',
      monthResetsAt: '2026-12-01T00:00:00.000Z',
      timeZone: 'UTC',
    };
    handler = (url) =>
      url.endsWith('/billing/products')
        ? { status: 500, body: { message: 'x', code: 'internal' } }
        : url.endsWith('/users/me/limits')
          ? { body: limits }
          : { body: [] };
    renderAt('/settings/credits');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('Order Status', () => {
  it('should poll a pending order until it is paid and show the new balance', async () => {
    let status = 'pending';
    handler = () => ({ body: order({ provider: 'stripe', status }) });
    renderAt('/settings/credits/complete?order=o1');
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    status = 'paid';
    act(() => dispatchUser({ type: 'credits', credits: 100 }));
    await waitFor(() => expect(screen.getByTestId('order-status').getAttribute('data-status')).toBe('paid'), {
      timeout: 4000,
    });
    expect(screen.getByTestId('order-new-balance').textContent).toBe('100 credits');
  });

  it('should pay a sandbox order from its checkout page', async () => {
    handler = (url) => ({ body: order(url.endsWith('/complete') ? { status: 'paid' } : {}) });
    renderAt('/settings/credits/complete?order=o1&checkout=sandbox');
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $4.99' }));
    expect((await screen.findByTestId('order-status')).getAttribute('data-status')).toBe('paid');
    expect(calls.find((c) => c.url.endsWith('/billing/sandbox/o1/complete'))?.body).toEqual({ outcome: 'paid' });
  });

  it('should cancel the order when the provider sends the user back canceled', async () => {
    handler = (url) => ({
      body: order({ provider: 'stripe', status: url.endsWith('/cancel') ? 'canceled' : 'pending' }),
    });
    renderAt('/settings/credits/complete?order=o1&canceled=1');
    expect((await screen.findByText('Checkout canceled')).textContent).toBe('Checkout canceled');
    expect(calls.some((c) => c.url.endsWith('/billing/orders/o1/cancel') && c.method === 'POST')).toBe(true);
  });

  it('should say so when the order is not the user’s', async () => {
    handler = () => ({
      status: 404,
      body: { message: 'This order does not exist or is not yours.', code: 'not-found' },
    });
    renderAt('/settings/credits/complete?order=zzz');
    expect(await screen.findByText('No order to show.')).toBeTruthy();
  });
});

describe('Pro pages', () => {
  it('should sell Pro at 19.99 with 49.99 struck through', () => {
    handler = () => ({ body: {} });
    renderAt('/pro');
    expect(screen.getByTestId('pro-price').textContent).toContain('$19.99');
    expect(screen.getByTestId('pro-list-price').tagName).toBe('S');
    expect(screen.getByTestId('pro-list-price').textContent).toBe('$49.99');
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeTruthy();
  });

  it('should show the renewal date and open the portal for a subscriber', async () => {
    handler = (url) =>
      url.endsWith('/billing/portal')
        ? { body: { url: '/settings/pro?portal=sandbox' } }
        : { body: { isPro: true, proExpiry: '2026-12-22T10:00:00.000Z', status: 'active', cancelAtPeriodEnd: false } };
    renderAt('/settings/pro');
    expect((await screen.findByTestId('subscription-renewal')).textContent).toBe('Renews on Dec 22, 2026');
    fireEvent.click(screen.getByTestId('open-portal'));
    expect(await screen.findByTestId('sandbox-portal')).toBeTruthy();
  });

  it('should offer Subscribe Now to a user without Pro', async () => {
    handler = () => ({ body: { isPro: false, proExpiry: null, status: 'none', cancelAtPeriodEnd: false } });
    renderAt('/settings/pro');
    expect((await screen.findByTestId('subscription-plan')).textContent).toBe('Free');
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeTruthy();
  });
});
