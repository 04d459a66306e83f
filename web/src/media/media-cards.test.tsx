import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateSync } from 'node:zlib';
import type { Message } from '@neura/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../api/query-client';
import { MessageItem } from '../chat/message-item';
import { skillsQuery } from '../skills/queries/skills';
import { useAppStore } from '../store/app-store';
import { ChatSendContext } from './chat-send-context';

/**
 * The image and music cards, the lightbox and the canvas editor, against a real local HTTP server
 * standing in for the API (`GET /skills` with surcharges, `POST /files` reading the multipart body).
 */
interface Upload {
  authorization?: string;
  body: Buffer;
}
let server: Server;
let base = '';
const uploads: Upload[] = [];

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'authorization, client-version, content-type');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (req.url === '/api/skills') {
      const skills = [
        { id: 'generate_image', available: true, cost: 4 },
        { id: 'edit_image_canvas', available: true, cost: 4 },
        { id: 'rotate_image', available: true, cost: 0 },
        { id: 'generate_music', available: true, cost: 8 },
      ];
      return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(skills));
    }
    if (req.url === '/api/files' && req.method === 'POST') {
      uploads.push({ authorization: req.headers.authorization, body: await readBody(req) });
      const json = {
        id: `mask-${uploads.length}`,
        url: '/api/files/m?sig=1',
        mimeType: 'image/png',
        size: 9,
        width: 40,
        height: 20,
      };
      return void res.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify(json));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  vi.stubEnv('VITE_API_URL', base);
  // jsdom has no 2D canvas; the editor draws its preview only where there is one.
  HTMLCanvasElement.prototype.getContext = (() => null) as never;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  uploads.length = 0;
  useAppStore.setState({ token: 'tok-media' });
});

const reply = (parts: Message['parts'], cost = 5): Message => ({
  id: 'm1',
  chatId: 'c1',
  role: 'assistant',
  content: 'Here it is.',
  parts,
  createdAt: '2026-11-22T10:00:00Z',
  status: 'complete',
  cost,
});

const image = {
  fileId: 'img-1',
  url: '/api/files/img-1?expires=1&signature=s',
  width: 40,
  height: 20,
  mimeType: 'image/png',
};

/** The multipart fields of an upload: name → { filename?, type?, data }. */
function fields(body: Buffer) {
  const boundary = body.toString('latin1', 2, body.indexOf('\r\n'));
  const out = new Map<string, { filename?: string; type?: string; data: Buffer }>();
  let at = body.indexOf(`--${boundary}`);
  while (at !== -1) {
    const headEnd = body.indexOf('\r\n\r\n', at);
    const next = body.indexOf(`\r\n--${boundary}`, headEnd);
    if (headEnd === -1 || next === -1) break;
    const head = body.toString('latin1', at, headEnd);
    const name = /name="([^"]+)"/.exec(head)?.[1];
    if (name)
      out.set(name, {
        filename: /filename="([^"]+)"/.exec(head)?.[1],
        type: /Content-Type: ([^\r\n]+)/i.exec(head)?.[1],
        data: body.subarray(headEnd + 4, next),
      });
    at = next + 2;
  }
  return out;
}

/** Width, height and alpha of every pixel of an unfiltered RGBA PNG. */
function pngAlpha(png: Buffer) {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const alpha = (x: number, y: number) => raw[y * (width * 4 + 1) + 1 + x * 4 + 3];
  return { width, height, alpha };
}

describe('image tool cards', { timeout: 20_000 }, () => {
  it('should show a placeholder with the expected wait while the image is being made', () => {
    render(
      <MessageItem
        message={{
          ...reply([
            {
              type: 'tool',
              id: 't',
              skill: 'generate_image',
              status: 'running',
              input: { prompt: 'a fox', size: '1024x1536' },
            },
          ]),
          status: 'streaming',
        }}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Creating the image…');
    const placeholder = screen.getByTestId('media-placeholder');
    expect(placeholder.textContent).toContain('This usually takes 10 to 40 seconds.');
    expect((placeholder.firstElementChild as HTMLElement).style.aspectRatio).toBe('1024 / 1536');
  });

  it('should show a failed call with its readable error and no surcharge', async () => {
    render(
      <MessageItem
        message={reply(
          [
            {
              type: 'tool',
              id: 't',
              skill: 'generate_image',
              status: 'failed',
              input: { prompt: 'x' },
              output: { error: 'Not enough credits for this skill.' },
            },
          ],
          1,
        )}
      />,
    );
    const card = screen.getByTestId('tool-generate_image');
    expect(card.dataset.status).toBe('failed');
    expect(within(card).getByText('Create images failed')).toBeTruthy();
    expect(within(card).getByText('Not enough credits for this skill.')).toBeTruthy();
    // The surcharges have loaded (the same GET /skills the card waits for) and rendered: still none.
    await act(async () => {
      await queryClient.fetchQuery(skillsQuery);
    });
    expect(screen.queryByTestId('tool-cost')).toBeNull();
  });

  it('should show the result, its cost only once: in the receipt (base and the skill surcharge)', async () => {
    render(
      <MessageItem
        message={reply([
          { type: 'tool', id: 't', skill: 'generate_image', status: 'complete', input: { prompt: 'x' }, output: image },
        ])}
      />,
    );
    const img = screen.getByRole('img', { name: 'Create images result, 40 × 20' }) as HTMLImageElement;
    expect(img.src).toBe(`${new URL(base).origin}/api/files/img-1?expires=1&signature=s`);
    // Not on the card, nor as a line in the bubble: the receipt chip (and its lines) says it.
    expect(screen.queryByTestId('tool-cost')).toBeNull();
    expect(screen.getAllByText(/credits?/).map((el) => el.textContent)).toEqual(['5 credits']);
    fireEvent.click(screen.getByRole('button', { name: /receipt/i }));
    const receipt = screen.getByRole('dialog');
    expect((await within(receipt).findByTestId('receipt-surcharge')).textContent).toContain('+4 credits');
  });

  it('should open the lightbox with zoom and download, then edit on the canvas and send the mask', async () => {
    const send = vi.fn(async (_text: string, _ids: string[]) => true);
    render(
      <ChatSendContext value={send}>
        <MessageItem
          message={reply(
            [
              {
                type: 'tool',
                id: 't',
                skill: 'rotate_image',
                status: 'complete',
                input: { imageId: 'a', degrees: 90 },
                output: image,
              },
            ],
            1,
          )}
        />
      </ChatSendContext>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open image 1' }));
    const lightbox = await screen.findByRole('dialog', { name: /Image/ });
    const big = within(lightbox).getByTestId('lightbox-image');
    expect(big.dataset.zoom).toBe('1');
    fireEvent.click(within(lightbox).getByRole('button', { name: 'Zoom in' }));
    expect(big.dataset.zoom).toBe('1.5');
    fireEvent.click(within(lightbox).getByRole('button', { name: 'Zoom out' }));
    expect(big.dataset.zoom).toBe('1');
    const download = within(lightbox).getByRole('link', { name: 'Download' });
    expect(download.getAttribute('download')).toBe('neura-img-1.png');
    fireEvent.click(within(lightbox).getByRole('button', { name: 'Edit this image' }));

    const editor = await screen.findByRole('dialog', { name: 'Edit part of the image' });
    const photo = editor.querySelector('img') as HTMLImageElement;
    Object.defineProperty(photo, 'naturalWidth', { value: 40 });
    Object.defineProperty(photo, 'naturalHeight', { value: 20 });
    fireEvent.load(photo);
    const canvas = await within(editor).findByTestId('mask-canvas');
    expect(canvas.getAttribute('width')).toBe('40');
    expect(canvas.getAttribute('height')).toBe('20');
    // Shown at 100×50 CSS pixels: 2.5 screen pixels per image pixel.
    canvas.getBoundingClientRect = () => ({
      left: 0,
      top: 0,
      width: 100,
      height: 50,
      right: 100,
      bottom: 50,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });

    // Apply needs a painted area, then a prompt.
    fireEvent.click(within(editor).getByRole('button', { name: 'Apply' }));
    expect(within(editor).getByRole('alert').textContent).toBe('Paint the area to change first.');

    fireEvent.change(within(editor).getByRole('slider', { name: 'Brush size' }), { target: { value: '10' } });
    const strokeAt = (points: [number, number][]) => {
      const [first, ...rest] = points as [[number, number], ...[number, number][]];
      fireEvent.pointerDown(canvas, { pointerId: 1, clientX: first[0], clientY: first[1] });
      for (const [x, y] of rest) fireEvent.pointerMove(canvas, { pointerId: 1, clientX: x, clientY: y });
      fireEvent.pointerUp(canvas, { pointerId: 1 });
    };
    strokeAt([[5, 5]]);
    expect(canvas.dataset.strokes).toBe('1');
    fireEvent.click(within(editor).getByRole('button', { name: 'Undo' }));
    expect(canvas.dataset.strokes).toBe('0');
    strokeAt([[5, 5]]);
    fireEvent.click(within(editor).getByRole('button', { name: 'Clear' }));
    expect(canvas.dataset.strokes).toBe('0');
    // A horizontal stroke across the middle: image pixels x 10..30 at y 10, radius 2 (10 px brush / 2.5).
    strokeAt([
      [25, 25],
      [50, 25],
      [75, 25],
    ]);
    fireEvent.click(within(editor).getByRole('button', { name: 'Apply' }));
    expect(within(editor).getByRole('alert').textContent).toBe('Say what should change.');
    fireEvent.change(within(editor).getByRole('textbox', { name: 'What should change there?' }), {
      target: { value: 'a red balloon' },
    });
    fireEvent.click(within(editor).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(send).toHaveBeenCalledWith('a red balloon', ['img-1', 'mask-1']));
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.authorization).toBe('Bearer tok-media');
    const form = fields(uploads[0]?.body ?? Buffer.alloc(0));
    expect(form.get('purpose')?.data.toString()).toBe('mask');
    expect(form.get('file')?.type).toBe('image/png');
    expect(form.get('file')?.filename).toBe('mask.png');
    const mask = pngAlpha(form.get('file')?.data ?? Buffer.alloc(0));
    expect([mask.width, mask.height]).toEqual([40, 20]);
    expect(mask.alpha(20, 10)).toBe(0);
    expect(mask.alpha(10, 10)).toBe(0);
    expect(mask.alpha(0, 0)).toBe(255);
    expect(mask.alpha(20, 16)).toBe(255);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit part of the image' })).toBeNull());
  });

  it('should offer no edit button where no message can be sent', async () => {
    render(
      <MessageItem
        message={reply(
          [{ type: 'tool', id: 't', skill: 'rotate_image', status: 'complete', input: {}, output: image }],
          1,
        )}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open image 1' }));
    const lightbox = await screen.findByRole('dialog', { name: /Image/ });
    expect(within(lightbox).queryByRole('button', { name: 'Edit this image' })).toBeNull();
    fireEvent.click(within(lightbox).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('music and attachments', { timeout: 20_000 }, () => {
  it('should play a generated track in a player with seek and download', async () => {
    render(
      <MessageItem
        message={reply(
          [
            {
              type: 'tool',
              id: 't',
              skill: 'generate_music',
              status: 'complete',
              input: { prompt: 'lofi' },
              output: { fileId: 'song', url: '/api/files/song?sig=1', mimeType: 'audio/mpeg' },
            },
          ],
          9,
        )}
      />,
    );
    const player = await screen.findByTestId('audio-player');
    expect(within(player).getByRole('button', { name: 'Play' })).toBeTruthy();
    expect(within(player).getByRole('slider', { name: 'Position' })).toBeTruthy();
    expect(within(player).getByRole('link', { name: 'Download' }).getAttribute('download')).toBe('neura-song.mp3');
    expect(player.querySelector('audio')?.getAttribute('src')).toBe(`${new URL(base).origin}/api/files/song?sig=1`);
  });

  it('should show a placeholder while the music is being made', () => {
    render(
      <MessageItem
        message={{
          ...reply([{ type: 'tool', id: 't', skill: 'generate_music', status: 'running', input: { prompt: 'lofi' } }]),
          status: 'streaming',
        }}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Composing the music…');
    expect(screen.getByTestId('media-placeholder').textContent).toContain('30 seconds to 2 minutes');
  });

  it("should show a sent message's images but not its canvas mask", () => {
    const message = {
      id: 'u1',
      chatId: 'c1',
      role: 'user',
      content: 'Rotate it',
      createdAt: '2026-11-22T10:00:00Z',
      status: 'complete',
      cost: 0,
      attachments: [
        { id: 'a1', url: '/api/files/a1?sig=1', mimeType: 'image/jpeg', width: 30, height: 10 },
        { id: 'm1', url: '/api/files/m1?sig=1', mimeType: 'image/png', width: 30, height: 10, purpose: 'mask' },
      ],
    } as Message;
    render(<MessageItem message={message} />);
    const shown = within(screen.getByTestId('message-attachments')).getAllByRole('img');
    expect(shown.map((i) => i.getAttribute('alt'))).toEqual(['Attached image 1']);
    expect(screen.getByText('Rotate it')).toBeTruthy();
  });
});
