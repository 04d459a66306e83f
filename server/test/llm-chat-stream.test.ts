import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { APICallError, tool } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readParts } from '../src/llm/chat-stream.js';
import { LlmRegistry } from '../src/llm/registry.js';
import { streamSteps } from '../src/llm/step-loop.js';

const call = (text: string, extra: Partial<LanguageModelV3CallOptions> = {}): LanguageModelV3CallOptions => ({
  prompt: [{ role: 'user', content: [{ type: 'text', text }] }],
  ...extra,
});

async function collect(
  parts: AsyncIterable<LanguageModelV3StreamPart> | ReadableStream<LanguageModelV3StreamPart>,
): Promise<LanguageModelV3StreamPart[]> {
  const out: LanguageModelV3StreamPart[] = [];
  for await (const part of parts as AsyncIterable<LanguageModelV3StreamPart>) out.push(part);
  return out;
}

/** The lean model's `doStream` (what streamText calls): its parts once the response headers are in. */
const open = async (model: LanguageModelV3, options: LanguageModelV3CallOptions) =>
  (await model.doStream(options)).stream;

/** The lean model of an LLM_BASE_URL config. */
function leanModel(config: { LLM_BASE_URL: string; LLM_MODEL: string; LLM_API_KEY?: string }): LanguageModelV3 {
  const resolved = new LlmRegistry(config).getLanguageModel();
  if (!resolved || typeof resolved.model === 'string' || resolved.model.specificationVersion !== 'v3')
    throw new Error('no provider model');
  return resolved.model;
}

const textOf = (parts: LanguageModelV3StreamPart[]) =>
  parts.map((p) => (p.type === 'text-delta' ? p.delta : '')).join('');

async function* bytes(...pieces: Array<string | Buffer>): AsyncGenerator<Buffer> {
  for (const piece of pieces) yield typeof piece === 'string' ? Buffer.from(piece) : piece;
}

const sse = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
const delta = (d: Record<string, unknown>, finish: string | null = null) =>
  sse({ choices: [{ index: 0, delta: d, finish_reason: finish }] });

describe('the lean OpenAI-compatible stream (llm/chat-stream.ts)', () => {
  let fake: FakeOpenAI;
  let model: LanguageModelV3;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ chunks: ['Hel', 'lo ', 'wörld'] });
    model = leanModel({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'm1', LLM_API_KEY: 'k1' });
  });
  afterAll(() => fake.close());

  it('should send the provider request and read the text as it streams', async () => {
    fake.setScript({ chunks: ['Hel', 'lo ', 'wörld'] });
    const parts = await collect(await open(model, call('hi')));
    expect(textOf(parts)).toBe('Hello wörld');
    // Opened and closed as streamText wants, before the finish.
    const types = parts.map((p) => p.type).filter((t) => t !== 'text-delta');
    expect(types).toEqual(['stream-start', 'text-start', 'text-end', 'finish']);
    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer k1');
    expect(request?.body).toMatchObject({
      model: 'm1',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'hi' }],
    });
  });

  it('should send tools as the provider does and hand back complete tool calls', async () => {
    fake.setScript({
      chunks: ['Looking'],
      toolCalls: [
        { id: 'call_1', name: 'web_search', arguments: '{"query":"neura news"}' },
        { id: 'call_2', name: 'check_domain', arguments: '{"domain":"neura.chat"}' },
      ],
    });
    const parts = await collect(
      await open(
        model,
        call('search', {
          tools: [
            {
              type: 'function',
              name: 'web_search',
              description: 'Search the web',
              inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
            },
          ],
          toolChoice: { type: 'auto' },
        }),
      ),
    );
    expect(fake.requests.at(-1)?.body.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'web_search',
          description: 'Search the web',
          parameters: { type: 'object', properties: { query: { type: 'string' } } },
        },
      },
    ]);
    const calls = parts.filter((p) => p.type === 'tool-call');
    expect(calls).toEqual([
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'web_search', input: '{"query":"neura news"}' },
      { type: 'tool-call', toolCallId: 'call_2', toolName: 'check_domain', input: '{"domain":"neura.chat"}' },
    ]);
    expect(textOf(parts)).toBe('Looking');
  });

  it('should turn HTTP errors into the provider error: 429 and 500 retryable, 400 not', async () => {
    for (const [status, retryable] of [
      [429, true],
      [500, true],
      [400, false],
    ] as const) {
      fake.setScript({ status });
      const error = await open(model, call('hi')).catch((e: unknown) => e);
      expect(APICallError.isInstance(error)).toBe(true);
      expect((error as APICallError).statusCode).toBe(status);
      expect((error as APICallError).isRetryable).toBe(retryable);
      expect((error as APICallError).message.length).toBeGreaterThan(0);
    }
  });

  it('should fail the stream on an error chunk and on a cut connection', async () => {
    fake.setScript({ chunks: ['a', 'b', 'c'], failAfter: 1, failMode: 'error-chunk' });
    const parts = await collect(await open(model, call('hi')));
    expect(textOf(parts)).toBe('a');
    const error = parts.find((p) => p.type === 'error');
    expect(error && error.type === 'error' && String(error.error)).toContain('broke mid-stream');

    // A cut connection ends the stream with an error part too (streamText fails the step on it).
    fake.setScript({ chunks: ['a', 'b', 'c'], failAfter: 1 });
    const cut = await collect(await open(model, call('hi')));
    expect(textOf(cut)).toBe('a');
    expect(cut.at(-1)?.type).toBe('error');
    expect(cut.some((p) => p.type === 'finish')).toBe(false);
  });

  it('should stop reading when the call is aborted', async () => {
    fake.setScript({ chunks: ['a', 'b', 'c'], holdAfter: 1 });
    const controller = new AbortController();
    const seen: string[] = [];
    const parts = await open(model, call('hi', { abortSignal: controller.signal }));
    const types: string[] = [];
    for await (const part of parts as unknown as AsyncIterable<LanguageModelV3StreamPart>) {
      types.push(part.type);
      if (part.type === 'text-delta') {
        seen.push(part.delta);
        controller.abort();
      }
    }
    expect(seen).toEqual(['a']);
    // Nothing after the abort but the error that ends the stream: no finish.
    expect(types.at(-1)).toBe('error');
    expect(types).not.toContain('finish');
    fake.release();
  });

  it('should fail with a retryable error when the server cannot be reached', async () => {
    const closed = await startFakeOpenAI();
    const url = closed.baseUrl;
    await closed.close();
    const error = await open(leanModel({ LLM_BASE_URL: url, LLM_MODEL: 'm' }), call('hi')).catch((e: unknown) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).isRetryable).toBe(true);
  });
});

describe('readParts (the SSE reader)', () => {
  it('should join a character split across network chunks, CRLF lines and multi-line data', async () => {
    const euro = Buffer.from(delta({ content: 'price: €5' }));
    const at = euro.indexOf(0xe2) + 1; // inside the three bytes of €
    const parts = await collect(
      readParts(
        bytes(
          ': keep-alive comment\r\n\r\n',
          euro.subarray(0, at),
          euro.subarray(at),
          'event: message\r\ndata: {"choices":[{"index":0,\r\ndata: "delta":{"content":" ok"},"finish_reason":"stop"}]}\r\n\r\n',
          'data: [DONE]\n\n',
        ),
      ),
    );
    expect(textOf(parts)).toBe('price: €5 ok');
    expect(parts.some((p) => p.type === 'error')).toBe(false);
  });

  it('should assemble a tool call sent in pieces, by index, and give it an id when the server sends none', async () => {
    const parts = await collect(
      readParts(
        bytes(
          delta({ tool_calls: [{ index: 0, function: { name: 'forecast_weather', arguments: '{"pla' } }] }),
          delta({ tool_calls: [{ index: 0, function: { arguments: 'ce":"Oslo"}' } }] }),
          delta({}, 'tool_calls'),
          'data: [DONE]\n\n',
        ),
      ),
    );
    const calls = parts.filter((p) => p.type === 'tool-call');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ toolName: 'forecast_weather', input: '{"place":"Oslo"}' });
    expect(calls[0]?.type === 'tool-call' && calls[0].toolCallId.length).toBeGreaterThan(0);
  });

  it('should report a stream that ends without a finish reason, and a part that is not JSON', async () => {
    const cutShort = await collect(readParts(bytes(delta({ content: 'half' }))));
    expect(textOf(cutShort)).toBe('half');
    expect(cutShort.at(-1)?.type).toBe('error');

    const notJson = await collect(readParts(bytes('data: {not json\n\n')));
    const last = notJson.at(-1);
    expect(last?.type === 'error' && String(last.error)).toMatch(/not JSON/);
  });

  it('should take array content (text parts) and skip empty deltas', async () => {
    const parts = await collect(
      readParts(
        bytes(
          delta({ content: '' }),
          delta({ content: [{ type: 'text', text: 'A' }, { type: 'image_url' }, { type: 'text', text: 'B' }] }, 'stop'),
        ),
      ),
    );
    // Deltas of one network read go on as one part.
    expect(parts.filter((p) => p.type === 'text-delta').map((p) => (p.type === 'text-delta' ? p.delta : ''))).toEqual([
      'AB',
    ]);
  });
});

describe('the step loop on every path (the lean model for LLM_BASE_URL and OPENAI_API_KEY, an SDK provider)', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(() => fake.close());

  for (const path of ['llm', 'openai', 'sdk provider'] as const) {
    it(`should stream text, run a tool call and feed its result back (${path})`, async () => {
      const registry = new LlmRegistry({
        LLM_BASE_URL: fake.baseUrl,
        LLM_MODEL: 'm',
        OPENAI_API_KEY: 'sk',
        OPENAI_BASE_URL: fake.baseUrl,
      });
      const resolved =
        path === 'sdk provider'
          ? { model: createOpenAICompatible({ name: 'sdk', baseURL: fake.baseUrl, includeUsage: true }).chatModel('m') }
          : registry.getLanguageModel(path === 'llm' ? undefined : 'openai:gpt-test');
      if (!resolved) throw new Error('no model');
      fake.setScript((request) =>
        request.body.messages.some((m: { role: string }) => m.role === 'tool')
          ? { chunks: ['It is ', 'sunny.'] }
          : { chunks: ['Checking. '], toolCalls: [{ id: 'c1', name: 'weather', arguments: '{"place":"Oslo"}' }] },
      );
      const seen: string[] = [];
      await streamSteps(
        {
          model: resolved.model,
          system: 'Be brief.',
          messages: [{ role: 'user', content: 'Weather in Oslo?' }],
          tools: {
            weather: tool({
              description: 'Weather',
              inputSchema: z.object({ place: z.string() }),
              execute: async ({ place }) => `sunny in ${place}`,
            }),
          },
          maxSteps: 3,
          maxRetries: 0,
          signal: new AbortController().signal,
          idleTimeoutMs: 10_000,
        },
        {
          text: (d) => seen.push(`text:${d}`),
          toolCall: (id, name, input) => seen.push(`call:${id}:${name}:${JSON.stringify(input)}`),
          toolResult: (id, output) => seen.push(`result:${id}:${String(output)}`),
          toolError: (id, error) => seen.push(`error:${id}:${String(error)}`),
        },
      );
      // Text deltas joined (a path may hand over the deltas of one network read as one).
      const joined = seen.reduce<string[]>((out, s) => {
        const last = out.at(-1);
        if (last?.startsWith('text:') && s.startsWith('text:')) out[out.length - 1] = last + s.slice(5);
        else out.push(s);
        return out;
      }, []);
      expect(joined).toEqual([
        'text:Checking. ',
        'call:c1:weather:{"place":"Oslo"}',
        'result:c1:sunny in Oslo',
        'text:It is sunny.',
      ]);
      const second = fake.requests.at(-1)?.body;
      expect(second.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'c1', content: 'sunny in Oslo' });
      expect(second.tools[0].function).toMatchObject({ name: 'weather', parameters: { type: 'object' } });
    });
  }
});
