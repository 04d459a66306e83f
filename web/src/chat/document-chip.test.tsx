import { type MessageAttachment, SESSION_NAMESPACE, type UploadedFile } from '@neura/contract';
import { render, screen, waitFor } from '@testing-library/react';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectSession, disconnectSession } from '../api/session-socket';
import { DocumentChips } from './document-chip';

/** A real Socket.IO server on loopback standing in for /session: the test pushes `file.updated` through it. */
let io: Server;
let client: Promise<ServerSocket>;
beforeAll(async () => {
  io = new Server(0, { cors: { origin: '*' } });
  client = new Promise((resolve) => io.of(SESSION_NAMESPACE).on('connection', resolve));
  await new Promise<void>((resolve) => io.httpServer.once('listening', () => resolve()));
  const address = io.httpServer.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  vi.stubEnv('VITE_API_URL', `http://127.0.0.1:${address.port}`);
});
afterAll(async () => {
  disconnectSession();
  vi.unstubAllEnvs();
  await io.close();
});

const sent: MessageAttachment = {
  id: 'doc-7',
  url: '/files/doc-7?sig=x',
  mimeType: 'application/pdf',
  width: null,
  height: null,
  kind: 'document',
  name: 'scan.pdf',
};
const file = (over: Partial<UploadedFile>): UploadedFile => ({
  id: 'doc-7',
  url: '/files/doc-7?sig=x',
  mimeType: 'application/pdf',
  size: 9,
  width: null,
  height: null,
  kind: 'document',
  name: 'scan.pdf',
  ...over,
});

describe('a sent document chip', () => {
  it('should follow file.updated after the message is sent: the pages an OCR job has read, then ready', async () => {
    await connectSession('tok-chip');
    const server = await client;
    render(<DocumentChips documents={[sent]} />);
    const chip = screen.getByTestId('document-chip');
    expect(chip.dataset.status).toBeUndefined();

    server.emit('file.updated', { file: file({ status: 'processing', pages: 3, progress: { done: 1, total: 3 } }) });
    await waitFor(() => expect(screen.getByTestId('document-chip').dataset.status).toBe('processing'));
    expect(screen.getByTestId('document-chip').textContent).toContain('Reading… 1 of 3 pages');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('33');

    // Another file's news changes nothing here.
    server.emit('file.updated', { file: file({ id: 'doc-8', status: 'failed', error: 'No text' }) });
    server.emit('file.updated', { file: file({ status: 'ready', pages: 3 }) });
    await waitFor(() => expect(screen.getByTestId('document-chip').dataset.status).toBe('ready'));
    expect(screen.getByTestId('document-chip').textContent).toContain('3 pages');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
