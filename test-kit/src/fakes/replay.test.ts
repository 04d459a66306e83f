import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReplayServer, replayMarker, startReplayServer, transcriptOf } from './replay.js';

describe('replay server', () => {
  let replay: ReplayServer;
  beforeAll(async () => {
    replay = await startReplayServer();
  });
  afterAll(() => replay.close());

  const post = (path: string, body: unknown) =>
    fetch(`${replay.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  // biome-ignore lint/suspicious/noExplicitAny: the replayed JSON bodies.
  const json = async (res: Response): Promise<any> => res.json();
  const streamFor = (name: string) => ({
    stream: true,
    messages: [{ role: 'user', content: `${replayMarker(name)} hi` }],
  });

  it('should serve a transcript step by step and again after a rewind', async () => {
    replay.load('two', [
      { status: 429, headers: { 'retry-after': '0' }, body: '{"error":{"message":"slow down"}}' },
      { body: 'data: {"a":1}\n\n' },
    ]);
    const first = await post('/chat/completions', streamFor('two'));
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('0');
    expect(await first.json()).toEqual({ error: { message: 'slow down' } });
    const second = await post('/chat/completions', streamFor('two'));
    expect(second.headers.get('content-type')).toBe('text/event-stream');
    expect(await second.text()).toBe('data: {"a":1}\n\n');
    expect(replay.served('two')).toBe(2);

    const third = await post('/chat/completions', streamFor('two'));
    expect(third.status).toBe(400);
    expect((await json(third)).error.message).toBe('transcript two has no step 2');

    replay.rewind('two');
    expect((await post('/chat/completions', streamFor('two'))).status).toBe(429);
  });

  it('should rewrite line endings and split the body into small writes byte for byte', async () => {
    replay.load('cr', [{ body: 'data: {"t":"Grüße 🌦"}\n\n', lineEnding: 'cr', writeBytes: 3 }]);
    const res = await post('/messages', streamFor('cr'));
    expect(Buffer.from(await res.arrayBuffer()).toString('utf8')).toBe('data: {"t":"Grüße 🌦"}\r\r');
  });

  it('should answer requests that are not streams with a title in the provider shape', async () => {
    const openai = await json(await post('/chat/completions', { messages: [], model: 'm' }));
    expect(openai.choices[0].message.content).toBe('Replay Title');
    const anthropic = await json(await post('/messages', { messages: [], model: 'm' }));
    expect(anthropic.content).toEqual([{ type: 'text', text: 'Replay Title' }]);
  });

  it('should refuse a stream without a known transcript and an unknown path', async () => {
    expect((await post('/chat/completions', { stream: true, messages: [] })).status).toBe(400);
    expect((await post('/chat/completions', streamFor('never-loaded'))).status).toBe(400);
    expect((await post('/embeddings', streamFor('two'))).status).toBe(404);
  });

  it('should find the marker in string and in part-array user content only', () => {
    expect(transcriptOf({ messages: [{ role: 'user', content: [{ type: 'text', text: '[[replay:a-1]] x' }] }] })).toBe(
      'a-1',
    );
    expect(transcriptOf({ messages: [{ role: 'system', content: '[[replay:sys]]' }] })).toBeUndefined();
    expect(transcriptOf({})).toBeUndefined();
  });
});
