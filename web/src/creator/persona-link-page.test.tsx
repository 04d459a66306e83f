import type { Persona } from '@neura/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { usePersonas } from '../store/personas';
import { useToastStore } from '../ui/toast-store';
import PersonaLinkPage from './persona-link-page';

const quill: Persona = {
  id: 'cp_link',
  icon: 'sparkles',
  name: 'Captain Quill',
  description: 'A patient pirate.',
  cost: 2,
  tags: [],
  published: false,
  requiresPro: false,
  includedSkills: [],
  tagline: 'Maths on the high seas',
  custom: true,
  visibility: 'public',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
let calls: Array<{ url: string; method: string; body: unknown }>;

beforeEach(() => {
  calls = [];
  useAppStore.setState({ token: 't', activeModal: null });
  usePersonas.setState({ personas: [], loaded: true });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      if (url.endsWith('/personas/cp_link/profile')) return json(quill);
      if (url.endsWith('/personas/cp_unlisted/profile'))
        return json({ ...quill, id: 'cp_unlisted', visibility: 'unlisted' });
      if (url.endsWith('/personas/cp_link/report')) return json({ success: true }, 201);
      if (url.endsWith('/users/me/personas')) return json({ items: [], limit: 10 });
      return json({ message: 'That persona is not available.', code: 'not-found' }, 404);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

function renderAt(id: string) {
  const router = createMemoryRouter([{ path: '/p/:id', element: <PersonaLinkPage /> }], {
    initialEntries: [`/p/${id}`],
  });
  render(<RouterProvider router={router} />);
}

describe('PersonaLinkPage', () => {
  it('should mark the page noindex while it is shown (issue #40, like a shared chat)', async () => {
    renderAt('cp_link');
    expect(await screen.findByRole('heading', { name: 'Captain Quill' })).toBeTruthy();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toContain('noindex');
  });

  it('should show the profile with Start Chat, and report it with a reason', async () => {
    renderAt('cp_link');
    expect(await screen.findByRole('heading', { name: 'Captain Quill' })).toBeTruthy();
    expect(screen.getByText('Maths on the high seas')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start Chat' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Report Captain Quill' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByText('Choose what is wrong, or describe it.')).toBeTruthy();
    // A kind of report (issue #41 p7), with details.
    fireEvent.click(screen.getByRole('radio', { name: 'Harmful or dangerous advice' }));
    fireEvent.change(screen.getByLabelText('Details (optional)'), { target: { value: 'It says to skip meals' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    // Confirmed in the dialog, then closed.
    expect((await screen.findByTestId('report-sent')).textContent).toContain('Report sent');
    expect(calls.find((c) => c.url.endsWith('/report'))).toMatchObject({
      method: 'POST',
      body: { reason: 'Harmful or dangerous advice: It says to skip meals' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('report-sent')).toBeNull());
  });

  it('should offer no Report on an unlisted persona (only public ones can be reported)', async () => {
    renderAt('cp_unlisted');
    expect(await screen.findByRole('heading', { name: 'Captain Quill' })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/users/me/personas'))).toBe(false));
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();
  });

  it('should say the persona is not found when its profile answers 404', async () => {
    renderAt('cp_private');
    expect(await screen.findByRole('heading', { name: 'Persona not found' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start Chat' })).toBeNull();
  });
});
