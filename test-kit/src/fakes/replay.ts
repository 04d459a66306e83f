import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A replay server for provider transcripts: serves recorded-shape HTTP responses (SSE streams or
 * JSON error bodies) byte for byte, one per request, in order, for OpenAI-compatible
 * (`POST …/chat/completions`) and Anthropic (`POST …/messages`) clients alike.
 *
 * Which transcript a request belongs to is read from the request itself: the first user message
 * that contains `[[replay:NAME]]` names it, so the app under test and a reference client can replay
 * the same transcript without sharing state. Requests that are not streams (chat titles) get a
 * short non-streaming answer in the provider's shape and do not count as a step.
 */

export interface ReplayResponse {
  /** HTTP status; default 200. */
  status?: number;
  /** Response headers; default `content-type: text/event-stream` for 200, JSON otherwise. */
  headers?: Record<string, string>;
  /** The raw body: SSE text (lines separated by `\n` in the file) or a JSON error body. */
  body: string;
  /** Rewrite the body's `\n` line endings to `\r\n` or a lone `\r` before sending. */
  lineEnding?: 'lf' | 'crlf' | 'cr';
  /** Write the body in pieces of this many bytes (splits lines and UTF-8 characters). */
  writeBytes?: number;
  /** Wait this long before each SSE event after the first (a model that thinks slowly). */
  eventDelayMs?: number;
}

export interface ReplayRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  // biome-ignore lint/suspicious/noExplicitAny: the body is whatever the client sent.
  body: any;
  transcript?: string;
  /** 0-based index of this streaming request within its transcript. */
  step?: number;
}

export interface ReplayServer {
  /** `http://127.0.0.1:<port>/v1`: an OpenAI-compatible base URL and an Anthropic base URL alike. */
  baseUrl: string;
  requests: ReplayRequest[];
  /** The responses of a transcript, served in order; replaces what was loaded under the name. */
  load: (name: string, responses: ReplayResponse[]) => void;
  /** Starts a transcript again from its first response. */
  rewind: (name: string) => void;
  /** Streaming requests served for a transcript since it was loaded or rewound. */
  served: (name: string) => number;
  close: () => Promise<void>;
}

export const replayMarker = (name: string) => `[[replay:${name}]]`;

const MARKER = /\[\[replay:([\w.-]+)\]\]/;

function textsOf(content: unknown): string[] {
  if (typeof content === 'string') return [content];
  if (Array.isArray(content))
    return content.flatMap((part) =>
      part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string'
        ? [(part as { text: string }).text]
        : [],
    );
  return [];
}

/** The transcript named in the request's messages (OpenAI and Anthropic request shapes). */
// biome-ignore lint/suspicious/noExplicitAny: any client's request body.
export function transcriptOf(body: any): string | undefined {
  for (const message of (body?.messages ?? []) as Array<{ role?: string; content?: unknown }>) {
    if (message.role !== 'user') continue;
    for (const text of textsOf(message.content)) {
      const found = MARKER.exec(text);
      if (found) return found[1];
    }
  }
  return undefined;
}

function withLineEnding(body: string, ending: ReplayResponse['lineEnding']): string {
  if (ending === 'crlf') return body.replace(/\n/g, '\r\n');
  if (ending === 'cr') return body.replace(/\n/g, '\r');
  return body;
}

function titleAnswer(anthropic: boolean, model: string): unknown {
  if (anthropic)
    return {
      id: 'msg_title',
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text: 'Replay Title' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 3 },
    };
  return {
    id: 'chatcmpl-title',
    object: 'chat.completion',
    created: 1732400000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: 'Replay Title' }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 3, total_tokens: 13 },
  };
}

export async function startReplayServer(): Promise<ReplayServer> {
  const transcripts = new Map<string, ReplayResponse[]>();
  const counters = new Map<string, number>();
  const requests: ReplayRequest[] = [];

  const server = http.createServer(async (req, res) => {
    const raw: Buffer[] = [];
    for await (const chunk of req) raw.push(chunk as Buffer);
    // biome-ignore lint/suspicious/noExplicitAny: whatever JSON the client sent.
    let body: any = {};
    try {
      body = JSON.parse(Buffer.concat(raw).toString('utf8') || '{}');
    } catch {
      body = {};
    }
    const path = req.url ?? '';
    const anthropic = path.endsWith('/messages');
    const request: ReplayRequest = { path, headers: req.headers, body };
    requests.push(request);
    if (!anthropic && !path.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `no route ${path}`, type: 'invalid_request_error' } }));
      return;
    }
    if (body.stream !== true) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(titleAnswer(anthropic, String(body.model ?? 'replay'))));
      return;
    }
    const name = transcriptOf(body);
    const responses = name === undefined ? undefined : transcripts.get(name);
    if (name === undefined || !responses) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `no transcript for ${name ?? 'this request'}`, type: 'replay' } }));
      return;
    }
    const step = counters.get(name) ?? 0;
    counters.set(name, step + 1);
    request.transcript = name;
    request.step = step;
    const response = responses[step];
    if (!response) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `transcript ${name} has no step ${step}`, type: 'replay' } }));
      return;
    }
    const status = response.status ?? 200;
    res.writeHead(status, {
      'content-type': status === 200 ? 'text/event-stream' : 'application/json',
      ...(status === 200 ? { 'cache-control': 'no-cache' } : {}),
      ...response.headers,
    });
    if (response.eventDelayMs !== undefined) {
      // One write per event (the blank line that ends it included), each after the delay.
      const events = response.body.split(/(?<=\n\n)/);
      for (const [i, event] of events.entries()) {
        if (i > 0) await new Promise((r) => setTimeout(r, response.eventDelayMs));
        if (res.destroyed) return;
        res.write(withLineEnding(event, response.lineEnding));
      }
      res.end();
      return;
    }
    const bytes = Buffer.from(withLineEnding(response.body, response.lineEnding), 'utf8');
    const size = response.writeBytes ?? bytes.length;
    for (let at = 0; at < bytes.length; at += size) {
      if (res.destroyed) return;
      res.write(bytes.subarray(at, at + size));
      // Separate writes reach the client as separate reads.
      if (size < bytes.length) await new Promise((r) => setImmediate(r));
    }
    res.end();
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    load: (name, responses) => {
      transcripts.set(name, responses);
      counters.set(name, 0);
    },
    rewind: (name) => counters.set(name, 0),
    served: (name) => counters.get(name) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
