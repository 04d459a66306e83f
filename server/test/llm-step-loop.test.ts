import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeOpenAI, type FakeRequest, type FakeScript, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { type ModelMessage, type ToolSet, tool } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmRegistry } from '../src/llm/registry.js';
import {
  IdleTimeoutError,
  ModelStreamError,
  type StepSink,
  type StepsResult,
  streamSteps,
} from '../src/llm/step-loop.js';
import { NAMELESS_TOOL_ERROR } from '../src/llm/step-tools.js';

/** The step loop (llm/step-loop.ts) over real HTTP: the lean reader (LLM_BASE_URL) and the providers' doStream(). */

const sse = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  sse({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] });
const hasToolResults = (request: FakeRequest) =>
  (request.body.messages as Array<{ role: string }>).some((m) => m.role === 'tool');

/** The messages of the fake's latest request. */
function lastMessages(fake: FakeOpenAI): Array<{ role: string; content: string }> {
  const request = fake.requests.at(-1);
  if (!request) throw new Error('no request yet');
  return request.body.messages;
}

interface Run {
  seen: string[];
  reasoning: string;
  result?: StepsResult;
  error?: unknown;
}

async function run(
  options: {
    provider: 'lean' | 'openai' | 'anthropic';
    baseUrl: string;
    tools?: ToolSet;
    maxSteps?: number;
    idleTimeoutMs?: number;
    maxRetries?: number;
    messages?: ModelMessage[];
  },
  sink: Partial<StepSink> = {},
): Promise<Run> {
  const registry = new LlmRegistry({
    LLM_BASE_URL: options.baseUrl,
    LLM_MODEL: 'm',
    OPENAI_API_KEY: 'sk',
    OPENAI_BASE_URL: options.baseUrl,
    ANTHROPIC_API_KEY: 'ak',
    ANTHROPIC_BASE_URL: options.baseUrl,
  });
  const resolved = registry.getLanguageModel(
    options.provider === 'lean'
      ? undefined
      : options.provider === 'openai'
        ? 'openai:gpt-test'
        : 'anthropic:claude-test',
  );
  if (!resolved) throw new Error('no model');
  const out: Run = { seen: [], reasoning: '' };
  try {
    out.result = await streamSteps(
      {
        model: resolved.model,
        system: 'Be brief.',
        messages: options.messages ?? [{ role: 'user', content: 'Go' }],
        tools: options.tools,
        maxSteps: options.maxSteps ?? 3,
        maxRetries: options.maxRetries ?? 0,
        signal: new AbortController().signal,
        idleTimeoutMs: options.idleTimeoutMs ?? 10_000,
        maxRetryDelayMs: 10,
      },
      {
        text: (d) => out.seen.push(`text:${d}`),
        reasoning: (d) => {
          out.reasoning += d;
        },
        toolCall: (id, name, input) => out.seen.push(`call:${id}:${name}:${JSON.stringify(input)}`),
        toolResult: (id, output) => out.seen.push(`result:${id}:${JSON.stringify(output)}`),
        toolError: (id, error) => out.seen.push(`error:${id}:${String(error)}`),
        ...sink,
      },
    );
  } catch (error) {
    out.error = error;
  }
  return out;
}

const weather = (log: string[] = [], ms = 0) =>
  tool({
    description: 'Weather',
    inputSchema: z.object({ place: z.string() }),
    execute: async ({ place }, { abortSignal }) => {
      log.push(`start:${place}`);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, ms);
        abortSignal?.addEventListener('abort', () => {
          clearTimeout(timer);
          log.push(`aborted:${place}`);
          reject(new Error('aborted'));
        });
      });
      log.push(`end:${place}`);
      return `sunny in ${place}`;
    },
  });

describe('the step loop on OpenAI-compatible streams', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(() => fake.close());

  /** A first request answered with `first` (raw SSE), the one carrying tool results with "Done.". */
  const twoSteps = (first: string[]) =>
    fake.setScript((request): FakeScript => (hasToolResults(request) ? { chunks: ['Done.'] } : { raw: first }));

  it('should run parallel calls sent with index 0 and distinct ids as two calls (Ollama, LiteLLM)', async () => {
    twoSteps([
      chunk({ tool_calls: [{ index: 0, id: 'a', function: { name: 'weather', arguments: '{"place":"Oslo"}' } }] }),
      chunk({ tool_calls: [{ index: 0, id: 'b', function: { name: 'weather', arguments: '{"place":"Rome"}' } }] }),
      chunk({}, 'tool_calls'),
      'data: [DONE]\n\n',
    ]);
    const out = await run({ provider: 'lean', baseUrl: fake.baseUrl, tools: { weather: weather() } });
    expect(out.error).toBeUndefined();
    expect(out.seen).toContain('result:a:"sunny in Oslo"');
    expect(out.seen).toContain('result:b:"sunny in Rome"');
    const results = lastMessages(fake).filter((m) => m.role === 'tool');
    expect(results.map((m) => m.content)).toEqual(['sunny in Oslo', 'sunny in Rome']);
  });

  it('should not run a call at a finish_reason "" chunk: it runs once with its whole input (SGLang)', async () => {
    const log: string[] = [];
    twoSteps([
      chunk({ role: 'assistant', content: '' }, ''),
      chunk({ tool_calls: [{ index: 0, id: 's', function: { name: 'weather', arguments: '' } }] }, ''),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"place":"Paris"}' } }] }, ''),
      chunk({}, 'tool_calls'),
    ]);
    const out = await run({ provider: 'lean', baseUrl: fake.baseUrl, tools: { weather: weather(log) } });
    expect(out.error).toBeUndefined();
    expect(log).toEqual(['start:Paris', 'end:Paris']);
  });

  it('should fail a call without a name with a clear error the model is given as its result', async () => {
    twoSteps([
      chunk({ tool_calls: [{ index: 0, id: 'n', function: { arguments: '{"place":"Oslo"}' } }] }),
      chunk({}, 'tool_calls'),
    ]);
    const out = await run({ provider: 'lean', baseUrl: fake.baseUrl, tools: { weather: weather() } });
    expect(out.error).toBeUndefined();
    expect(out.seen).toContain(`error:n:${NAMELESS_TOOL_ERROR}`);
    const result = lastMessages(fake).find((m) => m.role === 'tool');
    expect(result?.content).toBe(NAMELESS_TOOL_ERROR);
  });

  it('should take object arguments as the input', async () => {
    twoSteps([
      chunk({ tool_calls: [{ index: 0, id: 'o', function: { name: 'weather', arguments: { place: 'Bern' } } }] }),
      chunk({}, 'tool_calls'),
    ]);
    const out = await run({ provider: 'lean', baseUrl: fake.baseUrl, tools: { weather: weather() } });
    expect(out.seen).toContain('result:o:"sunny in Bern"');
  });

  for (const provider of ['lean', 'openai'] as const) {
    it(`should sum usage over the steps and report the last finish reason (${provider})`, async () => {
      fake.setScript((request) =>
        hasToolResults(request)
          ? {
              chunks: ['Long answer'],
              finishReason: 'length',
              usage: {
                prompt_tokens: 30,
                completion_tokens: 20,
                prompt_tokens_details: { cached_tokens: 10 },
                completion_tokens_details: { reasoning_tokens: 5 },
              },
            }
          : {
              chunks: [],
              toolCalls: [{ id: 'w', name: 'weather', arguments: '{"place":"Oslo"}' }],
              usage: { prompt_tokens: 12, completion_tokens: 3 },
            },
      );
      const out = await run({ provider, baseUrl: fake.baseUrl, tools: { weather: weather() } });
      expect(out.error).toBeUndefined();
      expect(out.result).toEqual({
        finishReason: 'length',
        usage: { inputTokens: 42, outputTokens: 23, reasoningTokens: 5, cachedInputTokens: 10 },
      });
    });
  }

  it('should hand over reasoning apart from the text and never send it back as the answer', async () => {
    fake.setScript((request) =>
      hasToolResults(request)
        ? { chunks: ['Sunny.'] }
        : {
            reasoning: ['I should ', 'check the weather.'],
            chunks: ['Checking.'],
            toolCalls: [{ id: 'w', name: 'weather', arguments: '{"place":"Oslo"}' }],
          },
    );
    const out = await run({ provider: 'lean', baseUrl: fake.baseUrl, tools: { weather: weather() } });
    expect(out.reasoning).toBe('I should check the weather.');
    expect(out.seen.filter((s) => s.startsWith('text:')).join('')).toBe('text:Checking.text:Sunny.');
    expect(JSON.stringify(fake.requests.at(-1)?.body.messages)).not.toContain('check the weather');
  });

  it('should count reasoning as activity: a model that thinks longer than the idle timeout completes', async () => {
    fake.setScript({
      reasoning: ['a', 'b', 'c', 'd', 'e', 'f'],
      chunks: ['Answer'],
      delayMs: 100,
      reasoningField: 'reasoning',
    });
    const out = await run({ provider: 'lean', baseUrl: fake.baseUrl, idleTimeoutMs: 300 });
    expect(out.error).toBeUndefined();
    expect(out.reasoning).toBe('abcdef');
  });

  it('should not count a running tool as model idleness: a tool slower than the idle timeout completes', async () => {
    fake.setScript((request) =>
      hasToolResults(request)
        ? { chunks: ['Done.'] }
        : { chunks: [], toolCalls: [{ id: 'slow', name: 'weather', arguments: '{"place":"Oslo"}' }] },
    );
    const log: string[] = [];
    const out = await run({
      provider: 'lean',
      baseUrl: fake.baseUrl,
      tools: { weather: weather(log, 700) },
      idleTimeoutMs: 250,
    });
    expect(out.error).toBeUndefined();
    expect(log).toEqual(['start:Oslo', 'end:Oslo']);
    expect(out.seen.at(-1)).toBe('text:Done.');
  });

  it('should still fail a model that goes silent (the idle watchdog watches the model)', async () => {
    fake.setScript({ chunks: ['a', 'b'], holdAfter: 1 });
    const out = await run({ provider: 'lean', baseUrl: fake.baseUrl, idleTimeoutMs: 200 });
    fake.release();
    expect(out.error).toBeInstanceOf(IdleTimeoutError);
  });

  it("should await the last step's tools before the reply ends", async () => {
    fake.setScript({ chunks: [], toolCalls: [{ id: 'last', name: 'weather', arguments: '{"place":"Oslo"}' }] });
    const log: string[] = [];
    const out = await run({
      provider: 'lean',
      baseUrl: fake.baseUrl,
      tools: { weather: weather(log, 200) },
      maxSteps: 1,
    });
    expect(out.error).toBeUndefined();
    // Settled when the loop returned: nothing runs after the reply.
    expect(log).toEqual(['start:Oslo', 'end:Oslo']);
    expect(out.seen.at(-1)).toBe('result:last:"sunny in Oslo"');
  });

  it('should abort and settle the running tools when the model fails mid-step', async () => {
    fake.setScript({
      raw: [
        chunk({ tool_calls: [{ index: 0, id: 't', function: { name: 'weather', arguments: '{"place":"Oslo"}' } }] }),
        chunk({}, 'tool_calls'),
        sse({ error: { message: 'upstream broke' } }),
      ],
      delayMs: 50,
    });
    const log: string[] = [];
    const out = await run({ provider: 'lean', baseUrl: fake.baseUrl, tools: { weather: weather(log, 5000) } });
    expect(String(out.error)).toContain('upstream broke');
    // The tool was aborted and had settled before the loop rejected.
    expect(log).toEqual(['start:Oslo', 'aborted:Oslo']);
  });

  it('should retry a 429 once and then stream', async () => {
    let calls = 0;
    fake.setScript(() => (++calls === 1 ? { status: 429, retryAfter: 0 } : { chunks: ['ok'] }));
    const out = await run({ provider: 'lean', baseUrl: fake.baseUrl, maxRetries: 1 });
    expect(out.error).toBeUndefined();
    expect(calls).toBe(2);
    expect(out.seen).toEqual(['text:ok']);
  });
});

/** Anthropic's Messages SSE, replayed from a local server (its documented event shapes). */
describe('the step loop on Anthropic streams (provider doStream)', () => {
  let server: http.Server;
  let baseUrl: string;
  let events: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const e of events) res.write(e);
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const ev = (type: string, data: Record<string, unknown>) =>
    `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;

  it('should hand over thinking as reasoning, with usage and the finish reason', async () => {
    events = [
      ev('message_start', {
        message: {
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          model: 'claude-test',
          content: [],
          stop_reason: null,
          usage: { input_tokens: 25, output_tokens: 1, cache_read_input_tokens: 5 },
        },
      }),
      ev('content_block_start', { index: 0, content_block: { type: 'thinking', thinking: '' } }),
      ev('ping', {}),
      ev('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: 'Let me think.' } }),
      ev('content_block_delta', { index: 0, delta: { type: 'signature_delta', signature: 'sig' } }),
      ev('content_block_stop', { index: 0 }),
      ev('content_block_start', { index: 1, content_block: { type: 'text', text: '' } }),
      ev('content_block_delta', { index: 1, delta: { type: 'text_delta', text: 'Hi!' } }),
      ev('content_block_stop', { index: 1 }),
      ev('message_delta', { delta: { stop_reason: 'max_tokens', stop_sequence: null }, usage: { output_tokens: 9 } }),
      ev('message_stop', {}),
    ];
    const out = await run({ provider: 'anthropic', baseUrl });
    expect(out.error).toBeUndefined();
    expect(out.reasoning).toBe('Let me think.');
    expect(out.seen).toEqual(['text:Hi!']);
    expect(out.result?.finishReason).toBe('length');
    expect(out.result?.usage.outputTokens).toBe(9);
    expect(out.result?.usage.inputTokens).toBeGreaterThanOrEqual(25);
  });

  it('should fail on an overloaded_error event mid-stream', async () => {
    events = [
      ev('message_start', {
        message: {
          id: 'm',
          type: 'message',
          role: 'assistant',
          model: 'c',
          content: [],
          usage: { input_tokens: 1, output_tokens: 1 },
        },
      }),
      ev('error', { error: { type: 'overloaded_error', message: 'Overloaded' } }),
    ];
    const out = await run({ provider: 'anthropic', baseUrl });
    expect(out.error).toBeInstanceOf(ModelStreamError);
    expect(out.error).toMatchObject({ message: 'Overloaded', kind: 'overloaded_error' });
  });
});
