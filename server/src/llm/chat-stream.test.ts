import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { readParts } from './wire-parts.js';
import { requestBody } from './wire-request.js';

/** The lean reader on raw SSE bytes as real OpenAI-compatible servers send them (wave3-notes.md). */

async function* bytes(...pieces: Array<string | Buffer>): AsyncGenerator<Buffer> {
  for (const piece of pieces) yield typeof piece === 'string' ? Buffer.from(piece) : piece;
}

async function read(...pieces: string[]): Promise<LanguageModelV3StreamPart[]> {
  const out: LanguageModelV3StreamPart[] = [];
  for await (const part of readParts(bytes(...pieces))) out.push(part);
  return out;
}

const sse = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
const chunk = (delta: Record<string, unknown> | null, finish: string | null = null, extra = {}) =>
  sse({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish, ...extra }] });

const text = (parts: LanguageModelV3StreamPart[]) =>
  parts.map((p) => (p.type === 'text-delta' ? p.delta : '')).join('');
const reasoning = (parts: LanguageModelV3StreamPart[]) =>
  parts.map((p) => (p.type === 'reasoning-delta' ? p.delta : '')).join('');
const calls = (parts: LanguageModelV3StreamPart[]) =>
  parts.flatMap((p) => (p.type === 'tool-call' ? [{ id: p.toolCallId, name: p.toolName, input: p.input }] : []));
const finish = (parts: LanguageModelV3StreamPart[]) => {
  const last = parts.at(-1);
  return last?.type === 'finish' ? last : undefined;
};

describe('readParts: reasoning', () => {
  it('should hand over reasoning_content (DeepSeek, vLLM) and reasoning (Groq, Ollama) apart from the answer', async () => {
    const parts = await read(
      chunk({ role: 'assistant', content: null, reasoning_content: 'Let me ' }),
      chunk({ reasoning_content: 'think.' }),
      chunk({ reasoning: ' More.' }),
      chunk({ content: 'Answer', reasoning_content: null }),
      chunk({}, 'stop'),
      'data: [DONE]\n\n',
    );
    expect(reasoning(parts)).toBe('Let me think. More.');
    expect(text(parts)).toBe('Answer');
    // Reasoning arrives as parts of its own, before the answer.
    expect(parts.findIndex((p) => p.type === 'reasoning-delta')).toBeLessThan(
      parts.findIndex((p) => p.type === 'text-delta'),
    );
  });

  it("should read Mistral's thinking content parts as reasoning", async () => {
    const parts = await read(
      chunk({ content: [{ type: 'thinking', thinking: [{ type: 'text', text: 'Hmm.' }] }] }),
      chunk({ content: [{ type: 'text', text: 'Yes.' }] }, 'stop'),
    );
    expect(reasoning(parts)).toBe('Hmm.');
    expect(text(parts)).toBe('Yes.');
  });
});

describe('readParts: tool calls', () => {
  it('should tell parallel calls apart by id when every call has index 0 (Ollama, LiteLLM)', async () => {
    const parts = await read(
      chunk({
        tool_calls: [
          { index: 0, id: 'call_a', type: 'function', function: { name: 'forecast_weather', arguments: '{"place":' } },
        ],
      }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '"Oslo"}' } }] }),
      chunk({
        tool_calls: [
          { index: 0, id: 'call_b', type: 'function', function: { name: 'web_search', arguments: '{"query":"x"}' } },
        ],
      }),
      chunk({}, 'tool_calls'),
      'data: [DONE]\n\n',
    );
    expect(calls(parts)).toEqual([
      { id: 'call_a', name: 'forecast_weather', input: '{"place":"Oslo"}' },
      { id: 'call_b', name: 'web_search', input: '{"query":"x"}' },
    ]);
    expect(finish(parts)?.finishReason).toEqual({ unified: 'tool-calls', raw: 'tool_calls' });
  });

  it('should take calls without an index (Mistral, Gemini) as separate calls, the finish in the same chunk', async () => {
    const parts = await read(
      sse({
        choices: [
          {
            index: 0,
            delta: {
              tool_calls: [
                { id: 'a1', function: { name: 'web_search', arguments: '{"query":"one"}' } },
                { id: 'a2', function: { name: 'web_search', arguments: '{"query":"two"}' } },
              ],
            },
            finish_reason: 'tool_calls',
          },
        ],
      }),
    );
    expect(calls(parts)).toEqual([
      { id: 'a1', name: 'web_search', input: '{"query":"one"}' },
      { id: 'a2', name: 'web_search', input: '{"query":"two"}' },
    ]);
  });

  it('should take arguments sent as an object as its JSON', async () => {
    const parts = await read(
      chunk({
        tool_calls: [{ index: 0, id: 'o1', function: { name: 'check_domain', arguments: { domain: 'a.io' } } }],
      }),
      chunk({}, 'tool_calls'),
    );
    expect(calls(parts)).toEqual([{ id: 'o1', name: 'check_domain', input: '{"domain":"a.io"}' }]);
  });

  it('should hand over a call without a name with an empty name (the step loop fails it)', async () => {
    const parts = await read(
      chunk({ tool_calls: [{ index: 0, id: 'n1', function: { arguments: '{}' } }] }),
      chunk({}, 'tool_calls'),
    );
    expect(calls(parts)).toEqual([{ id: 'n1', name: '', input: '{}' }]);
  });

  it('should not take finish_reason "" as a finish (SGLang, older Ollama): the call runs with its whole input', async () => {
    const parts = await read(
      chunk({ role: 'assistant', content: '' }, ''),
      chunk({ tool_calls: [{ index: 0, id: 's1', function: { name: 'forecast_weather', arguments: '' } }] }, ''),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"place":"Paris"}' } }] }, ''),
      chunk({}, 'tool_calls'),
      'data: [DONE]\n\n',
    );
    expect(calls(parts)).toEqual([{ id: 's1', name: 'forecast_weather', input: '{"place":"Paris"}' }]);
  });

  it('should ignore tool_calls: [] on text deltas and a call at index 1 after text', async () => {
    const parts = await read(
      chunk({ content: 'Sure.', tool_calls: [] }),
      chunk({ tool_calls: [{ index: 1, id: 't1', function: { name: 'web_search', arguments: '{"query":"q"}' } }] }),
      chunk({}, 'tool_calls'),
    );
    expect(text(parts)).toBe('Sure.');
    expect(calls(parts)).toEqual([{ id: 't1', name: 'web_search', input: '{"query":"q"}' }]);
  });
});

describe('readParts: the wire', () => {
  it('should read lone \\r line endings, data: without a space and comment lines', async () => {
    const parts = await read(
      ': OPENROUTER PROCESSING\r\r',
      `data:${JSON.stringify({ choices: [{ index: 0, delta: { content: 'Hi' }, finish_reason: null }] })}\r\r`,
      ': keep-alive\r\r',
      `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: ' there' }, finish_reason: 'stop' }] })}\r\r`,
      'data: [DONE]\r\r',
    );
    expect(text(parts)).toBe('Hi there');
    expect(finish(parts)?.finishReason.unified).toBe('stop');
  });

  it('should take a last event without [DONE] and without its closing blank line', async () => {
    const parts = await read(
      chunk({ content: 'A' }),
      `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}`,
    );
    expect(text(parts)).toBe('A');
    expect(finish(parts)?.finishReason.unified).toBe('stop');
  });

  it('should join lines and UTF-8 characters split across tiny writes', async () => {
    const whole = Buffer.from(chunk({ content: 'naïve €' }) + chunk({}, 'stop'));
    const pieces: Buffer[] = [];
    for (let at = 0; at < whole.length; at += 3) pieces.push(whole.subarray(at, at + 3));
    const out: LanguageModelV3StreamPart[] = [];
    for await (const part of readParts(bytes(...pieces))) out.push(part);
    expect(text(out)).toBe('naïve €');
  });
});

describe('readParts: errors', () => {
  it('should fail on an error object mid-stream (OpenRouter) after the text so far', async () => {
    const parts = await read(
      chunk({ content: 'Half' }),
      sse({ error: { message: 'Provider returned error', code: 502 } }),
      chunk({ content: 'never' }, 'stop'),
    );
    expect(text(parts)).toBe('Half');
    const last = parts.at(-1);
    expect(last?.type).toBe('error');
    expect(last?.type === 'error' && String(last.error)).toContain('Provider returned error');
  });

  it("should fail on vLLM's error object without an error key", async () => {
    const parts = await read(sse({ object: 'error', message: 'context too long', type: 'BadRequestError', code: 400 }));
    const last = parts.at(-1);
    expect(last?.type === 'error' && String(last.error)).toContain('context too long');
  });

  it('should fail a stream that ends without a finish reason', async () => {
    const parts = await read(chunk({ content: 'half' }));
    expect(parts.at(-1)?.type).toBe('error');
  });
});

describe('readParts: usage and finish', () => {
  it("should read OpenAI's usage chunk (choices: []) with cached and reasoning tokens", async () => {
    const parts = await read(
      chunk({ content: 'Hi' }),
      chunk({}, 'stop'),
      sse({
        choices: [],
        usage: {
          prompt_tokens: 120,
          completion_tokens: 40,
          prompt_tokens_details: { cached_tokens: 100 },
          completion_tokens_details: { reasoning_tokens: 30 },
        },
      }),
      'data: [DONE]\n\n',
    );
    expect(finish(parts)?.usage).toMatchObject({
      inputTokens: { total: 120, cacheRead: 100, noCache: 20 },
      outputTokens: { total: 40, reasoning: 30, text: 10 },
    });
  });

  it('should read usage inside the choice (Moonshot) and in x_groq (Groq)', async () => {
    const moonshot = await read(
      chunk({ content: 'Hi' }, 'stop', { usage: { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 } }),
    );
    expect(finish(moonshot)?.usage.inputTokens.total).toBe(7);
    expect(finish(moonshot)?.usage.outputTokens.total).toBe(2);
    const groq = await read(
      chunk({ content: 'Hi' }),
      sse({
        choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
        x_groq: { usage: { prompt_tokens: 5, completion_tokens: 1 } },
      }),
    );
    expect(finish(groq)?.usage.inputTokens.total).toBe(5);
  });

  it('should report length and content_filter, and ignore an Azure filter chunk after the finish', async () => {
    const cut = await read(chunk({ content: 'Long' }), chunk({}, 'length'));
    expect(finish(cut)?.finishReason).toEqual({ unified: 'length', raw: 'length' });
    const filtered = await read(
      sse({ choices: [], prompt_filter_results: [{ prompt_index: 0, content_filter_results: {} }] }),
      chunk({}, 'content_filter'),
      sse({ choices: [{ index: 0, finish_reason: null, content_filter_results: { hate: { filtered: false } } }] }),
    );
    expect(finish(filtered)?.finishReason.unified).toBe('content-filter');
    expect(text(filtered)).toBe('');
  });
});

describe('requestBody', () => {
  it('should build the Chat Completions request: messages, tool calls and results, tools, tool_choice, usage', () => {
    const body = requestBody('m1', {
      prompt: [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Look' },
            { type: 'file', data: new Uint8Array([1, 2, 3]), mediaType: 'image/png' },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'private thoughts' },
            { type: 'text', text: 'Checking.' },
            { type: 'tool-call', toolCallId: 'c1', toolName: 'web_search', input: { query: 'q' } },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c1',
              toolName: 'web_search',
              output: { type: 'json', value: { n: 1 } },
            },
          ],
        },
      ],
      tools: [{ type: 'function', name: 'web_search', description: 'Search', inputSchema: { type: 'object' } }],
      toolChoice: { type: 'auto' },
    });
    expect(body).toEqual({
      model: 'm1',
      messages: [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Look' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,AQID' } },
          ],
        },
        {
          role: 'assistant',
          content: 'Checking.',
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'web_search', arguments: '{"query":"q"}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: '{"n":1}' },
      ],
      tools: [
        { type: 'function', function: { name: 'web_search', description: 'Search', parameters: { type: 'object' } } },
      ],
      tool_choice: 'auto',
      stream: true,
      stream_options: { include_usage: true },
    });
  });
});
