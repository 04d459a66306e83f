import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
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
