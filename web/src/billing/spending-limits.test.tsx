import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../api/query-client';
import { useAppStore } from '../store/app-store';
import { useToastStore } from '../ui/toast-store';
import { SpendingLimitsCard } from './spending-limits';

const limits = (over: Record<string, unknown> = {}) => ({
  dailyCredits: null,
  monthlyCredits: 50,
  spentToday: 3,
  spentThisMonth: 12,
  dayResetsAt: '2026-11-29T00:00:00.000Z',
  monthResetsAt: '2026-12-01T00:00:00.000Z',
  timeZone: 'UTC',
  ...over,
});

let puts: unknown[];

beforeEach(() => {
  puts = [];
  queryClient.clear();
  useAppStore.setState({ token: 'tok' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (init?.method === 'PUT') puts.push(body);
      const answer = init?.method === 'PUT' ? limits(body) : limits();
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

describe('Spending limit (Settings › Credits)', () => {
  it('should show the limits with what was spent, and save a daily limit and a cleared monthly one', async () => {
    render(<SpendingLimitsCard />);
    const daily = (await screen.findByLabelText('Daily limit (credits)')) as HTMLInputElement;
    const monthly = screen.getByLabelText('Monthly limit (credits)') as HTMLInputElement;
    expect(daily.value).toBe('');
    expect(monthly.value).toBe('50');
    expect(screen.getByText('Spent today: 3')).toBeTruthy();
    expect(screen.getByText('Spent this month: 12 of 50')).toBeTruthy();
    fireEvent.change(daily, { target: { value: '10' } });
    fireEvent.change(monthly, { target: { value: '' } });
    // With the browser's time zone: the limits reset at the user's local midnight.
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      timeZone: 'Asia/Tokyo',
    } as Intl.ResolvedDateTimeFormatOptions);
    fireEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(puts).toEqual([{ dailyCredits: 10, monthlyCredits: null, timeZone: 'Asia/Tokyo' }]));
    vi.restoreAllMocks();
    expect(await screen.findByText('Spent today: 3 of 10')).toBeTruthy();
  });

  it('should refuse a limit that is not a whole number of credits, without saving', async () => {
    render(<SpendingLimitsCard />);
    fireEvent.change(await screen.findByLabelText('Daily limit (credits)'), { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('Enter a whole number of credits, or leave it empty for no limit.')).toBeTruthy();
    expect(puts).toEqual([]);
  });
});
