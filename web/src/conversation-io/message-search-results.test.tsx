import type { SearchResponse, SharedChat } from '@neura/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SharedChatPage from '../chat/shared-chat-page';
import { renderWithRouter } from '../test/render-with-router';
import { MessageSearchResults } from './message-search-results';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MessageSearchResults', () => {
  it('should show each hit with its words marked, the snippet as text, archived marked, and open the chat at it', async () => {
    const answer: SearchResponse = {
      items: [
        {
          chatId: 'c1',
          messageId: 'm1',
          snippet: 'a <b>quokka</b> smiles',
          highlights: [[5, 11]],
          role: 'assistant',
          createdAt: '2026-01-02T00:00:00.000Z',
          chatName: 'Animals',
          persona: 'default',
          archived: true,
          superseded: false,
        },
      ],
      nextOffset: null,
    };
    const fetchMock = vi.fn(async (_url: string) => json(answer));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderWithRouter(<MessageSearchResults query="quokka" />);
    const hit = await screen.findByTestId('search-hit');
    expect(hit.querySelector('mark')?.textContent).toBe('quokka');
    expect(hit.textContent).toContain('a <b>quokka</b> smiles');
    expect(hit.querySelector('b')).toBeNull();
    expect(hit.textContent).toContain('Archived');
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/users/me/search?q=quokka');
    fireEvent.click(hit);
    expect(router.state.location.pathname).toBe('/chats/c1');
    expect(router.state.location.search).toBe('?message=m1');
  });

  it('should not search for fewer than 2 characters, and say when nothing matches', async () => {
    const fetchMock = vi.fn(async (_url: string) => json({ items: [], nextOffset: null }));
    vi.stubGlobal('fetch', fetchMock);
    const short = renderWithRouter(<MessageSearchResults query="q" />);
    expect(screen.queryByTestId('message-search')).toBeNull();
    short.unmount();
    expect(fetchMock).not.toHaveBeenCalled();
    const below = renderWithRouter(<MessageSearchResults query="zz" />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(await screen.findByText('No messages match.')).toBeTruthy();
    below.unmount();
    // In place of the chat list (no chat name matched): one line for both.
    renderWithRouter(<MessageSearchResults query="zz" alone />);
    expect(await screen.findByText('No chats or messages match your search.')).toBeTruthy();
  });
});

describe('SharedChatPage', () => {
  const page = (path: string) =>
    renderWithRouter(
      <Routes>
        <Route path="/share/:shareId" element={<SharedChatPage />} />
      </Routes>,
      path,
    );

  it('should say "This link was removed" for a removed link', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'This link was removed.', code: 'not-found' }, 404)),
    );
    page('/share/gone');
    expect((await screen.findByTestId('share-removed')).textContent).toContain('This link was removed');
  });

  it('should show the snapshot read-only with the call to action, and mark the page noindex', async () => {
    const chat: SharedChat = {
      id: 's1',
      name: 'Trip',
      sharedAt: '2026-01-02T00:00:00.000Z',
      persona: { id: 'default', name: 'Neura', icon: 'spark' },
      messages: [{ id: 'm1', role: 'user', content: 'Hi <script>x</script>', createdAt: '2026-01-02T00:00:00.000Z' }],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(chat)),
    );
    page('/share/s1');
    expect((await screen.findByTestId('shared-title')).textContent).toBe('Trip');
    expect(screen.getByTestId('shared-message').textContent).toContain('Hi <script>x</script>');
    expect(document.querySelector('script:not([src])')).toBeNull();
    expect(screen.getByTestId('shared-cta').textContent).toBe('Start your own chat with Neura');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toContain('noindex');
  });
});
