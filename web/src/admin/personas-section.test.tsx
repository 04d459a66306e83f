import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { useToastStore } from '../ui/toast-store';
import type { AdminPersona } from './admin-api';
import { PersonasSection } from './personas-section';

const persona: AdminPersona = {
  id: 'neura',
  icon: 'spark',
  name: 'Neura',
  description: 'The house persona.',
  greeting: 'Hi.',
  systemPrompt: 'Be kind.',
  cost: 1,
  tags: [],
  published: true,
  requiresPro: false,
  includedSkills: [],
  sortOrder: 0,
};

beforeEach(() => {
  useAppStore.setState({ token: 't' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.endsWith('/admin/personas')
        ? new Response(JSON.stringify({ items: [persona] }), { headers: { 'Content-Type': 'application/json' } })
        : new Response(JSON.stringify({ message: 'no', code: 'not-found' }), { status: 404 }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('console persona list', () => {
  it('should show each persona with its picture, not the name of its icon', async () => {
    render(<PersonasSection />);
    const cell = (await screen.findByText('Neura')).closest('td') as HTMLElement;
    expect(cell.textContent).not.toContain('spark');
    expect(within(cell).getByText('neura')).toBeTruthy();
    // The picture is the persona's art, decorative (the name is next to it).
    const img = cell.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('src')).toContain('neura');
  });
});

describe('console persona translations (issue #43)', () => {
  const saved = () =>
    (vi.mocked(fetch).mock.calls as unknown as Array<[string, RequestInit]>).filter(
      ([url, init]) => url.endsWith('/admin/personas/neura') && init?.method === 'PUT',
    );

  it('should edit them as JSON and send them with the persona; invalid JSON sends nothing', async () => {
    render(<PersonasSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Neura' }));
    const box = screen.getByTestId('persona-translations');
    fireEvent.change(box, { target: { value: '{ "de": {' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(useToastStore.getState().toasts.map((x) => x.message)).toContain('The translations are not valid JSON.');
    expect(saved()).toEqual([]);

    fireEvent.change(box, { target: { value: '{ "de": { "name": "Neura auf Deutsch" } }' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved()).toHaveLength(1));
    const body = JSON.parse(String(saved()[0]?.[1].body));
    expect(body.translations).toEqual({ de: { name: 'Neura auf Deutsch' } });
  });
});
