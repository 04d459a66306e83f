import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { DocumentFiguresSections } from './documents-figures';

/** A real local HTTP server standing in for `GET /admin/documents`. */
let server: Server;
const asked: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'authorization, client-version, content-type');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    asked.push(`${req.method} ${req.url} ${req.headers.authorization}`);
    const body = {
      storage: {
        bytes: 3_500_000,
        documents: 4,
        users: [{ userId: 'u1', email: 'ops@example.com', bytes: 3_000_000, documents: 3 }],
        personas: [{ personaId: 'harbour', name: 'Harbour guide', bytes: 2_000_000, documents: 2 }],
      },
      personas: [{ personaId: 'harbour', name: 'Harbour guide', tokens: 12_345, replies: 7 }],
    };
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('VITE_API_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
  useAppStore.setState({ token: 'tok-admin' });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => server.close(resolve));
});

describe('the console’s document figures', { timeout: 20_000 }, () => {
  it('should show the storage in all, per user and per persona’s knowledge, and the document tokens per persona', async () => {
    render(<DocumentFiguresSections />);
    expect((await screen.findByTestId('document-storage-total')).textContent).toBe('3.5 MB in 4 documents');
    const storage = screen.getByRole('region', { name: 'Document storage' });
    expect(within(storage).getByRole('row', { name: /ops@example\.com/ }).textContent).toContain('3 MB');
    const retrieval = screen.getByRole('region', { name: 'Retrieval tokens per persona' });
    expect(within(retrieval).getByRole('row', { name: /Harbour guide/ }).textContent).toBe('Harbour guide12,3457');
    const knowledge = screen.getByRole('table', { name: 'Knowledge per persona' });
    expect(within(knowledge).getByRole('row', { name: /Harbour guide/ }).textContent).toBe('Harbour guide2 MB2');
    expect(asked).toEqual(['GET /api/admin/documents Bearer tok-admin']);
  });
});
