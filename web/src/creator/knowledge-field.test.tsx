import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { useToastStore } from '../ui/toast-store';
import { KnowledgeField } from './knowledge-field';

/** A real local HTTP server standing in for `POST /files` and `GET /files/{id}/meta`. */
let server: Server;
const requests: string[] = [];
const doc = (id: string, name: string, over: Record<string, unknown> = {}) => ({
  id,
  url: `/files/${id}?sig=x`,
  mimeType: 'application/pdf',
  size: 9,
  width: null,
  height: null,
  kind: 'document',
  name,
  status: 'ready',
  pages: 3,
  ...over,
});

beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'authorization, client-version, content-type');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    requests.push(`${req.method} ${req.url}`);
    req.resume();
    const body =
      req.method === 'POST'
        ? doc('kn-new', 'prices.pdf', { status: 'processing', pages: undefined })
        : doc('kn-old', 'menu.pdf');
    res.writeHead(req.method === 'POST' ? 201 : 200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('VITE_API_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests.length = 0;
  useToastStore.setState({ toasts: [] });
  useAppStore.setState({ token: 'tok-maker' });
});

function Harness({ initial, seen }: { initial: string[]; seen: (ids: string[]) => void }) {
  const [ids, setIds] = useState(initial);
  return (
    <KnowledgeField
      value={ids}
      onChange={(next) => {
        seen(next);
        setIds(next);
      }}
    />
  );
}

describe('KnowledgeField', { timeout: 20_000 }, () => {
  it("should show a saved persona's files with their pages, add an uploaded document, refuse a picture and remove a file", async () => {
    const seen = vi.fn();
    render(<Harness initial={['kn-old']} seen={seen} />);
    await waitFor(() => expect(screen.getByTestId('knowledge-file').textContent).toContain('menu.pdf'));
    expect(screen.getByTestId('knowledge-file').textContent).toContain('3 pages');
    expect(requests).toContain('GET /api/files/kn-old/meta');

    const input = screen.getByTestId('knowledge-input');
    fireEvent.change(input, {
      target: {
        files: [
          new File(['%PDF-1.7'], 'prices.pdf', { type: 'application/pdf' }),
          new File(['x'], 'cat.png', { type: 'image/png' }),
        ],
      },
    });
    await waitFor(() => expect(seen).toHaveBeenLastCalledWith(['kn-old', 'kn-new']));
    expect(useToastStore.getState().toasts.map((t) => t.message)).toContain(
      '“cat.png” is not a document (PDF, Word, text, Markdown, CSV, JSON or HTML).',
    );
    await waitFor(() => expect(screen.getAllByTestId('knowledge-file')).toHaveLength(2));
    expect(screen.getAllByTestId('document-chip')[1]?.dataset.status).toBe('processing');
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual(['POST /api/files']);

    fireEvent.click(screen.getByRole('button', { name: 'Remove “menu.pdf”' }));
    expect(seen).toHaveBeenLastCalledWith(['kn-new']);
    expect(screen.getAllByTestId('knowledge-file')).toHaveLength(1);
  });
});
