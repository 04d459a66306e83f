import type { CustomPersona, Persona } from '@neura/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { usePersonas } from '../store/personas';
import { useToastStore } from '../ui/toast-store';
import { ReviewsSection } from './reviews-section';

const pending: CustomPersona = {
  id: 'cp_1',
  icon: 'spark',
  name: 'Harbour Guide',
  description: 'Knows harbours.',
  cost: 2,
  tags: [],
  published: false,
  requiresPro: false,
  includedSkills: [],
  custom: true,
  visibility: 'public',
  instructions: 'You know every harbour in the world.',
  model: 'llm:fake',
  reviewState: 'pending',
  link: '/p/cp_1',
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
};
const listed: Persona = { ...pending, id: 'cp_2', name: 'Night Owl', published: true };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
let calls: Array<{ url: string; method: string; body: unknown }>;
let queue: Array<{ persona: CustomPersona; owner: { id: string; email: string | null } }>;

beforeEach(() => {
  calls = [];
  queue = [{ persona: pending, owner: { id: 'u1', email: 'maker@example.com' } }];
  useAppStore.setState({ token: 't' });
  usePersonas.setState({ personas: [listed], loaded: true });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      if (url.endsWith('/admin/persona-reviews')) return json({ items: queue });
      if (url.endsWith('/approve')) {
        queue = [];
        return json({ ...pending, reviewState: 'approved' });
      }
      if (url.endsWith('/unlist')) return json({ ...listed, published: false });
      if (url.endsWith('/admin/custom-persona-prices'))
        return json({ items: [{ model: 'llm:fake', price: 2, source: 'default' }] });
      return json({ message: 'no', code: 'not-found' }, 404);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

describe('ReviewsSection', () => {
  it('should show a pending persona with its instructions and approve it', async () => {
    render(<ReviewsSection />);
    const item = await screen.findByTestId('review-item');
    expect(within(item).getByTestId('review-instructions').textContent).toBe('You know every harbour in the world.');
    expect(item.textContent).toContain('maker@example.com');
    await act(async () => {
      fireEvent.click(within(item).getByRole('button', { name: 'Approve Harbour Guide' }));
    });
    await waitFor(() => expect(screen.getByText('Nothing waits for review.')).toBeTruthy());
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/admin/persona-reviews/cp_1/approve'))).toBe(true);
  });

  it('should unlist a listed community persona and save a price per model', async () => {
    render(<ReviewsSection />);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Unlist Night Owl' }));
    });
    await waitFor(() => expect(screen.getByText('No community persona is listed.')).toBeTruthy());
    const price = await screen.findByLabelText('Credits per message for llm:fake');
    fireEvent.change(price, { target: { value: '5' } });
    await act(async () => {
      fireEvent.submit(price.closest('form') as HTMLFormElement);
    });
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ model: 'llm:fake', price: 5 });
  });
});
