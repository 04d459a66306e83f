import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { Failure } from './http.js';

/**
 * A local fake of OpenAI's images API (`POST /v1/images/generations` JSON, `POST /v1/images/edits`
 * multipart), answering `{ created, data: [{ b64_json }] }` as OpenAI does. Every request is
 * recorded with its JSON body, or its multipart fields and files (name, type, bytes), so tests can
 * check that edits carry `image` and `mask` parts of the right types.
 * By default generations answer a solid picture of the asked `size` (64×64 when none) and edits
 * answer the `image` part's size painted all in `editColor` (blue), ignoring the mask the way
 * gpt-image-1 sometimes does — so only the server's own composite keeps unpainted pixels.
 */

export interface ImagesFilePart {
  filename: string;
  type: string;
  bytes: Buffer;
}

export interface ImagesRequest {
  kind: 'generations' | 'edits';
  headers: http.IncomingHttpHeaders;
  /** generations: the JSON body. */
  // biome-ignore lint/suspicious/noExplicitAny: whatever JSON the client sent.
  json?: any;
  /** edits: the text fields (model, prompt, n, …). */
  fields: Record<string, string>;
  /** edits: the file parts by field name (`image`, `mask`). */
  files: Record<string, ImagesFilePart>;
}

export interface FakeImages {
  /** For IMAGES_BASE_URL (ends in /v1). */
  baseUrl: string;
  hostPort: string;
  requests: ImagesRequest[];
  /** Answer with a picture of your own (PNG bytes) for the next requests; undefined: the default. */
  setImage: (make: ((request: ImagesRequest) => Buffer | Promise<Buffer>) | undefined) => void;
  /** Fail every request (an OpenAI error body with the status) until cleared with `fail(undefined)`. */
  fail: (failure: Failure | undefined) => void;
  close: () => Promise<void>;
}

export const EDIT_COLOR: [number, number, number] = [0, 0, 255];

async function solid(width: number, height: number, rgb: [number, number, number]): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toBuffer();
}

async function defaultImage(request: ImagesRequest): Promise<Buffer> {
  if (request.kind === 'edits' && request.files.image) {
    const meta = await sharp(request.files.image.bytes).metadata();
    return solid(meta.width ?? 64, meta.height ?? 64, EDIT_COLOR);
  }
  const size = /^(\d+)x(\d+)$/.exec(String(request.json?.size ?? ''));
  return solid(size ? Number(size[1]) : 64, size ? Number(size[2]) : 64, [0, 200, 0]);
}

export async function startFakeImages(): Promise<FakeImages> {
  const requests: ImagesRequest[] = [];
  let make: ((request: ImagesRequest) => Buffer | Promise<Buffer>) | undefined;
  let failure: Failure | undefined;

  const server = http.createServer(async (req, res) => {
    const raw: Buffer[] = [];
    for await (const chunk of req) raw.push(chunk as Buffer);
    const body = Buffer.concat(raw);
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const path = (req.url ?? '').split('?')[0] ?? '';
    const kind = path.endsWith('/images/generations') ? 'generations' : path.endsWith('/images/edits') ? 'edits' : null;
    if (!kind || req.method !== 'POST') return send(404, { error: { message: `no route ${req.url}` } });
    const request: ImagesRequest = { kind, headers: req.headers, fields: {}, files: {} };
    try {
      if (kind === 'generations') request.json = JSON.parse(body.toString('utf8'));
      else {
        // The platform's own multipart parser (undici), as strict as a real server.
        const form = await new Request('http://fake/', {
          method: 'POST',
          headers: { 'content-type': String(req.headers['content-type'] ?? '') },
          body,
        }).formData();
        for (const [name, value] of form.entries()) {
          if (typeof value === 'string') request.fields[name] = value;
          else
            request.files[name] = {
              filename: (value as File).name,
              type: value.type,
              bytes: Buffer.from(await value.arrayBuffer()),
            };
        }
      }
    } catch {
      requests.push(request);
      return send(400, { error: { message: 'Could not parse the request body.', type: 'invalid_request_error' } });
    }
    requests.push(request);
    if (failure?.hang) return;
    if (failure?.status)
      return send(failure.status, failure.body ?? { error: { message: 'failing on purpose', type: 'server_error' } });
    if (kind === 'edits' && (!request.files.image || request.files.image.type === 'application/octet-stream'))
      return send(400, {
        error: { message: "Invalid file 'image': unsupported mimetype.", type: 'invalid_request_error' },
      });
    if (kind === 'edits' && request.files.mask && request.files.mask.type !== 'image/png')
      return send(400, { error: { message: "Invalid file 'mask': must be a PNG.", type: 'invalid_request_error' } });
    try {
      const png = await (make ?? defaultImage)(request);
      send(200, {
        created: Math.floor(Date.now() / 1000),
        data: [{ b64_json: png.toString('base64') }],
        usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 },
      });
    } catch (error) {
      send(500, { error: { message: String(error), type: 'server_error' } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    hostPort: `127.0.0.1:${port}`,
    requests,
    setImage: (m) => {
      make = m;
    },
    fail: (f) => {
      failure = f;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
