import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAI, openAIError, startFakeOpenAI } from './openai.js';

const ask = (fake: FakeOpenAI, stream = true) =>
  fetch(`${fake.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'fake', stream, messages: [{ role: 'user', content: 'hi' }] }),
  });

describe('the fake OpenAI server', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(() => fake.close());

  it('should stream the scripted chunks as SSE and end with [DONE]', async () => {
    fake.setScript({ chunks: ['Hel', 'lo'] });
    const res = await ask(fake);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const events = (await res.text()).split('\n\n').filter((e) => e.startsWith('data: '));
    const deltas = events
      .slice(0, -1)
      .map((e) => JSON.parse(e.slice(6)) as { choices: Array<{ delta: { content?: string } }> })
      .map((c) => c.choices[0]?.delta.content ?? '');
    expect(deltas.join('')).toBe('Hello');
    expect(events.at(-1)).toBe('data: [DONE]');
  });

  it('should answer 500 with OpenAI’s error body before streaming', async () => {
    fake.setScript({ status: 500 });
    const res = await ask(fake);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('retry-after')).toBeNull();
    expect(await res.json()).toEqual({ error: openAIError(500) });
    expect(openAIError(500)).toMatchObject({ type: 'server_error', code: null, param: null });
  });

  it('should answer 429 with a Retry-After and a rate-limit error body', async () => {
    fake.setScript({ status: 429, retryAfter: 7, error: { message: 'Slow down.' } });
    const res = await ask(fake);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(await res.json()).toEqual({
      error: { message: 'Slow down.', type: 'requests', param: null, code: 'rate_limit_exceeded' },
    });
  });

  it('should answer the error to non-streaming requests too', async () => {
    fake.setScript({ status: 500 });
    expect((await ask(fake, false)).status).toBe(500);
    fake.setScript({});
    expect(((await (await ask(fake, false)).json()) as { object: string }).object).toBe('chat.completion');
  });

  it('should stream reasoning deltas before the text, in the field asked for, and the finish reason given', async () => {
    const chunksOf = async (res: Response) =>
      (await res.text())
        .split('\n\n')
        .filter((e) => e.startsWith('data: {'))
        .map(
          (e) =>
            JSON.parse(e.slice(6)) as {
              choices: Array<{ delta: Record<string, string>; finish_reason: string | null }>;
            },
        )
        .flatMap((c) => c.choices);
    fake.setScript({ reasoning: ['Let me ', 'think.'], chunks: ['Hi'], finishReason: 'length' });
    const choices = await chunksOf(await ask(fake));
    expect(choices.map((c) => c.delta)).toEqual([
      { role: 'assistant', content: '' },
      { reasoning_content: 'Let me ' },
      { reasoning_content: 'think.' },
      { content: 'Hi' },
      {},
    ]);
    expect(choices.at(-1)?.finish_reason).toBe('length');

    fake.setScript({ reasoning: ['Hmm.'], reasoningField: 'reasoning', chunks: ['Ok'] });
    const other = await chunksOf(await ask(fake));
    expect(other[1]?.delta).toEqual({ reasoning: 'Hmm.' });
    expect(other.at(-1)?.finish_reason).toBe('stop');
  });

  it('should hold after the reasoning until released', async () => {
    fake.setScript({ reasoning: ['Deep thought.'], holdAfterReasoning: true, chunks: ['42'] });
    const res = await ask(fake);
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    let text = '';
    while (!text.includes('Deep thought.')) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).not.toContain('"content":"42"');
    fake.release();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).toContain('"content":"42"');
  });
});
