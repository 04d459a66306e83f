import type { CreatorOptions, CustomPersona, User } from '@neura/contract';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { usePersonas } from '../store/personas';
import { dispatchUser } from '../store/user';
import { useToastStore } from '../ui/toast-store';
import CreatePage from './create-page';

type Handler = (url: string, method: string, body: unknown) => { status?: number; body: unknown } | undefined;
let handler: Handler;
let calls: Array<{ url: string; method: string; body: unknown }>;

const options: CreatorOptions = {
  skills: [
    { skill: 'web_search', available: true, surcharge: 0 },
    { skill: 'generate_image', available: false, surcharge: 4 },
  ],
  models: [
    { id: 'openai:small', label: 'Small', price: 1 },
    { id: 'openai:large', label: 'Large', price: 5 },
  ],
  instructionsMax: 40,
  personasMax: 3,
  personasUsed: 0,
  avatarGenerateCost: 4,
};

const saved = (over: Partial<CustomPersona> = {}): CustomPersona => ({
  id: 'cp_1',
  icon: 'sparkles',
  name: 'Captain Quill',
  description: '',
  cost: 1,
  tags: [],
  published: false,
  requiresPro: false,
  includedSkills: [],
  greeting: 'Ahoy!',
  tagline: null,
  suggestedPrompts: [],
  avatarUrl: null,
  custom: true,
  visibility: 'unlisted',
  instructions: 'Talk like a pirate.',
  model: 'openai:small',
  reviewState: null,
  link: '/p/cp_1',
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
  ...over,
});

const user: User = {
  email: 'maker@example.com',
  firstName: 'M',
  lastName: 'K',
  referralCode: 'X',
  proExpiry: null,
  isPro: false,
  flags: [],
  credits: 20,
};

let items: CustomPersona[];

beforeEach(() => {
  calls = [];
  items = [];
  localStorage.clear();
  useAppStore.setState({ token: 'tok', activeModal: null });
  usePersonas.setState({ personas: [], loaded: true });
  dispatchUser({ type: 'loaded', user });
  handler = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ url, method, body });
      const answer =
        handler(url, method, body) ??
        (url.endsWith('/users/me/personas/options')
          ? { body: options }
          : url.endsWith('/users/me/personas') && method === 'GET'
            ? { body: { items, limit: 3 } }
            : { status: 404, body: { message: 'no route', code: 'not-found' } });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/create', element: <CreatePage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    {
      initialEntries: [path],
    },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('CreatePage (builder)', () => {
  it('should say next to the instructions that they reach the model in everyone’s chats (issue #40)', async () => {
    renderAt('/create');
    await screen.findByTestId('persona-form');
    const described = field(/^Instructions/).getAttribute('aria-describedby') ?? '';
    const hint = described
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(hint).toMatch(/reach the model in every chat anyone has with this persona/);
    expect(hint).toMatch(/keep secrets/);
  });

  it('should refuse an empty name and instructions over the limit next to their fields, sending nothing', async () => {
    renderAt('/create');
    await screen.findByTestId('persona-form');
    fireEvent.change(field(/^Instructions/), { target: { value: 'x'.repeat(45) } });
    const count = screen.getByTestId('instructions-count');
    expect(count.textContent).toBe('45 / 40');
    expect(count.dataset.over).toBe('true');
    fireEvent.click(screen.getByTestId('persona-save'));
    expect(screen.getByTestId('error-persona-name').textContent).toBe('Give your persona a name.');
    expect(screen.getByTestId('error-persona-instructions').textContent).toBe('5 characters over the limit.');
    expect(field(/^Name/).getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // Nothing typed is lost.
    expect(field(/^Instructions/).value).toBe('x'.repeat(45));
  });

  it('should show the per-message price of the chosen model and disable skills the server cannot run', async () => {
    renderAt('/create');
    await screen.findByTestId('persona-form');
    expect(screen.getByTestId('persona-price').textContent).toContain('Each message costs 1 credit');
    fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'openai:large' } });
    expect(screen.getByTestId('persona-price').textContent).toContain('Each message costs 5 credits');
    const images = screen.getByLabelText(/Create images|generate_image/i) as HTMLInputElement;
    expect(images.disabled).toBe(true);
    expect(screen.getByText('Not available on this server')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate (4 credits)' })).toBeTruthy();
  });

  it('should say plainly that the server has no model yet, with no empty model list or price', async () => {
    handler = (url) => (url.endsWith('/users/me/personas/options') ? { body: { ...options, models: [] } } : undefined);
    renderAt('/create');
    await screen.findByTestId('persona-form');
    expect(screen.getByTestId('persona-model-none').textContent).toContain('No AI model is set up on this server yet');
    expect(screen.queryByRole('combobox', { name: 'Model' })).toBeNull();
    expect(screen.getByTestId('persona-price').textContent).toBe('No model yet, so messages are not charged.');
  });

  it('should keep a draft of a new persona and restore it on return', async () => {
    renderAt('/create');
    await screen.findByTestId('persona-form');
    fireEvent.change(field(/^Name/), { target: { value: 'Captain Quill' } });
    await waitFor(() => expect(screen.getByTestId('draft-status').textContent).toBe('Draft saved'));
    // The preview shows it as an empty chat would.
    expect(within(screen.getByTestId('persona-preview')).getByTestId('chat-intro-name').textContent).toBe(
      'Captain Quill',
    );
    cleanup();
    renderAt('/create');
    await screen.findByTestId('persona-form');
    expect(field(/^Name/).value).toBe('Captain Quill');
    expect(screen.getByTestId('draft-status').textContent).toBe('Draft restored');
  });

  it('should create the persona, then edit it, and show a refusal of the server next to its field', async () => {
    handler = (url, method, body) => {
      if (url.endsWith('/users/me/personas') && method === 'POST') {
        const created = saved({ name: (body as { name: string }).name });
        items = [created];
        return { status: 201, body: created };
      }
      if (url.endsWith('/users/me/personas/cp_1') && method === 'PATCH') {
        return { status: 400, body: { message: 'model: This model is not offered.', code: 'request:invalid' } };
      }
      return undefined;
    };
    const router = renderAt('/create');
    await screen.findByTestId('persona-form');
    fireEvent.change(field(/^Name/), { target: { value: 'Captain Quill' } });
    fireEvent.change(field(/^Instructions/), { target: { value: 'Talk like a pirate.' } });
    fireEvent.change(field(/^Greeting/), { target: { value: 'Ahoy!' } });
    fireEvent.click(screen.getByLabelText(/^Unlisted/));
    await act(async () => {
      fireEvent.click(screen.getByTestId('persona-save'));
    });
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      name: 'Captain Quill',
      instructions: 'Talk like a pirate.',
      greeting: 'Ahoy!',
      visibility: 'unlisted',
      model: 'openai:small',
    });
    await waitFor(() => expect(router.state.location.search).toBe('?edit=cp_1'));
    expect(localStorage.getItem('neura:creator-draft')).toBeNull();
    expect((screen.getByTestId('persona-try') as HTMLButtonElement).disabled).toBe(false);

    fireEvent.change(field(/^Name/), { target: { value: 'Captain Quill II' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('persona-save'));
    });
    expect(await screen.findByText('This model is not offered.')).toBeTruthy();
    expect(field(/^Name/).value).toBe('Captain Quill II');
  });

  it("should send the translated names and descriptions filled in, and keep an edited persona's (issue #43)", async () => {
    handler = (url, method, body) => {
      if (url.endsWith('/users/me/personas') && method === 'POST') {
        items = [saved({ name: (body as { name: string }).name })];
        return { status: 201, body: items[0] };
      }
      return undefined;
    };
    renderAt('/create');
    await screen.findByTestId('persona-form');
    fireEvent.change(field(/^Name/), { target: { value: 'Captain Quill' } });
    fireEvent.change(field(/^Instructions/), { target: { value: 'Talk like a pirate.' } });
    fireEvent.change(field('Translated name (Deutsch)'), { target: { value: 'Kapitän Feder' } });
    fireEvent.change(field('Translated description (日本語)'), { target: { value: '海賊の語り手' } });
    fireEvent.change(field('Translated name (Español)'), { target: { value: '   ' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('persona-save'));
    });
    const post = calls.find((c) => c.method === 'POST');
    expect((post?.body as { translations?: unknown } | undefined)?.translations).toEqual({
      de: { name: 'Kapitän Feder' },
      ja: { description: '海賊の語り手' },
    });
  });

  it("should fill in an edited persona's translations and send them back with its translated greeting", async () => {
    items = [saved({ translations: { fr: { name: 'Capitaine Plume', greeting: 'Ohé !' } } })];
    handler = (url, method) =>
      url.endsWith('/users/me/personas/cp_1') && method === 'PATCH' ? { body: items[0] } : undefined;
    renderAt('/create?edit=cp_1');
    await waitFor(() => expect(field('Translated name (Français)').value).toBe('Capitaine Plume'));
    fireEvent.change(field('Translated description (Français)'), { target: { value: 'Un conteur pirate.' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('persona-save'));
    });
    const patch = calls.find((c) => c.method === 'PATCH');
    expect((patch?.body as { translations?: unknown } | undefined)?.translations).toEqual({
      fr: { name: 'Capitaine Plume', description: 'Un conteur pirate.', greeting: 'Ohé !' },
    });
  });
});

describe('CreatePage (My personas)', () => {
  it('should list personas with their review badge and ask before deleting, saying chats stay readable', async () => {
    items = [
      saved({ id: 'a', name: 'Alpha', visibility: 'public', reviewState: 'pending', link: '/p/a' }),
      saved({ id: 'b', name: 'Beta', visibility: 'private', link: '/p/b' }),
    ];
    handler = (url, method) =>
      url.endsWith('/users/me/personas/a') && method === 'DELETE' ? { body: { success: true } } : undefined;
    renderAt('/create?tab=mine');
    const rows = await screen.findAllByTestId('my-persona');
    expect(rows.map((r) => r.querySelector('h3')?.textContent)).toEqual(['Alpha', 'Beta']);
    expect(within(rows[0] as HTMLElement).getByTestId('my-persona-review').textContent).toBe('Pending review');
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: /Copy link/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Alpha' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Existing chats stay readable');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    });
    await waitFor(() => expect(screen.getAllByTestId('my-persona')).toHaveLength(1));
  });
});
