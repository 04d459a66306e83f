import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { useToastStore } from '../ui/toast-store';
import { Composer } from './composer';

/**
 * The composer's images against a real local HTTP server standing in for `POST /files`: it reads
 * the multipart body and answers like the API (201 with the file, or a 4xx error body).
 */
interface Received {
  authorization?: string;
  body: string;
}
let server: Server;
const received: Received[] = [];
let answer: (body: string) => { status: number; json: unknown } = () => ({ status: 500, json: {} });

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'authorization, client-version, content-type');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const body = await readBody(req);
    received.push({ authorization: req.headers.authorization, body });
    const { status, json } = answer(body);
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(json));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('VITE_API_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received.length = 0;
  useToastStore.setState({ toasts: [] });
  useAppStore.setState({ token: 'tok-upload' });
  let n = 0;
  answer = () => {
    n += 1;
    return {
      status: 201,
      json: { id: `file-${n}`, url: `/files/file-${n}?sig=x`, mimeType: 'image/png', size: 8, width: 4, height: 4 },
    };
  };
});

const png = (name = 'cat.png') =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });

function pick(files: File[]) {
  fireEvent.change(screen.getByTestId('attach-input'), { target: { files } });
}

function renderComposer(onSend = vi.fn(async (_text: string, _ids: string[]) => true)) {
  render(<Composer streaming={false} onSend={onSend} onStop={() => undefined} />);
  return onSend;
}

describe('Composer attachments', { timeout: 20_000 }, () => {
  it('should upload a picked image with the bearer token and send its id with the text', async () => {
    const onSend = renderComposer();
    expect(screen.getByRole('button', { name: 'Attach images' })).toBeTruthy();
    pick([png()]);
    const thumb = await screen.findByTestId('attachment');
    expect(screen.getByRole('img', { name: 'Image 1' })).toBeTruthy();
    await waitFor(() => expect(thumb.dataset.state).toBe('uploaded'));
    expect(received).toHaveLength(1);
    expect(received[0]?.authorization).toBe('Bearer tok-upload');
    expect(received[0]?.body).toContain('name="file"; filename="cat.png"');
    expect(received[0]?.body).toContain('Content-Type: image/png');

    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Rotate it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('Rotate it', ['file-1']));
    await waitFor(() => expect(screen.queryByTestId('attachment')).toBeNull());
  });

  it('should refuse an unsupported or oversized file with a toast naming it, uploading nothing', async () => {
    renderComposer();
    const big = png('huge.png');
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    pick([new File(['PK'], 'slides.pptx', { type: 'application/vnd.ms-powerpoint' }), big]);
    const messages = useToastStore.getState().toasts.map((t) => t.message);
    expect(messages).toEqual([
      '“slides.pptx” is not a picture or a document this app takes (PDF, Word, text, Markdown, CSV, JSON or HTML).',
      '“huge.png” is larger than 20 MB.',
    ]);
    expect(screen.queryByTestId('attachment')).toBeNull();
    // A good image picked after them: once its upload has arrived, theirs would have too.
    pick([png()]);
    const thumb = await screen.findByTestId('attachment');
    await waitFor(() => expect(thumb.dataset.state).toBe('uploaded'));
    expect(received).toHaveLength(1);
    expect(received[0]?.body).toContain('filename="cat.png"');
  });

  it("should show the server's refusal and drop the thumbnail", async () => {
    answer = () => ({ status: 400, json: { message: 'This file is not an image we can read.', code: 'file:invalid' } });
    renderComposer();
    pick([png('broken.png')]);
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.message)).toContain(
        '“broken.png” could not be uploaded: This file is not an image we can read.',
      ),
    );
    await waitFor(() => expect(screen.queryByTestId('attachment')).toBeNull());
  });

  it('should upload a picked PDF as a document chip with its pages, and send its id', async () => {
    answer = () => ({
      status: 201,
      json: {
        id: 'doc-1',
        url: '/files/doc-1?sig=x',
        mimeType: 'application/pdf',
        size: 9,
        width: null,
        height: null,
        kind: 'document',
        name: 'handbook.pdf',
        pages: 12,
        status: 'ready',
      },
    });
    const onSend = renderComposer();
    pick([new File(['%PDF-1.7'], 'handbook.pdf', { type: 'application/pdf' })]);
    await waitFor(() => expect(screen.getByTestId('attachment').dataset.state).toBe('uploaded'), { timeout: 5000 });
    expect(screen.getByTestId('document-chip').dataset.status).toBe('ready');
    const chip = screen.getByTestId('document-chip');
    expect(chip.textContent).toContain('handbook.pdf');
    expect(chip.textContent).toContain('12 pages');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove “handbook.pdf”' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Summarise it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('Summarise it', ['doc-1']));
  });

  it('should remove an image, take pasted images and not send before uploads finish', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const onSend = renderComposer();
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.paste(box, { clipboardData: { files: [png('a.png'), png('b.png')], types: ['Files'] } });
    expect(await screen.findAllByTestId('attachment')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.getAllByTestId('attachment')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('attachment').dataset.state).toBe('uploaded'));

    // A slow upload: Send waits and says why.
    const previous = answer;
    answer = (body) => previous(body);
    server.removeAllListeners('request');
    server.on('request', async (req, res) => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Headers', 'authorization, client-version, content-type');
      if (req.method === 'OPTIONS') return void res.writeHead(204).end();
      await readBody(req);
      await gate;
      res
        .writeHead(201, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ id: 'slow', url: '/files/slow', mimeType: 'image/png', width: 1, height: 1 }));
    });
    fireEvent.drop(screen.getByTestId('composer'), { dataTransfer: { files: [png('c.png')], types: ['Files'] } });
    expect(await screen.findAllByTestId('attachment')).toHaveLength(2);
    expect(screen.getByRole('progressbar')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'Both' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).not.toHaveBeenCalled();
    expect(useToastStore.getState().toasts.at(-1)?.message).toBe('Wait for the images to finish uploading.');
    await act(async () => release());
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('Both', [expect.stringMatching(/^file-/), 'slow']));
  });
});
