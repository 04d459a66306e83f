import fs from 'node:fs';
import path from 'node:path';
import { type FakeOpenAiAudio, fakeMp3, startFakeOpenAiAudio } from '@neura/test-kit/fakes/openai-audio';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttemptRepository } from '../src/lib/limits/counter-repository.js';
import { AttemptLimiter } from '../src/lib/limits/limiter.js';
import { SPEECH_LIMITS } from '../src/speech/limits.js';
import { readWav } from '../src/speech/wav.js';

const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

async function speak(t: TestApp, token: string | undefined, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/speech/speak',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body as Record<string, unknown>,
  });
}

describe('POST /speech/speak (flite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.stop());

  it('should answer a Pro user with a 16 kHz WAV', async () => {
    const user = await t.seed.user({ proExpiry: inAMonth() });
    const res = await speak(t, user.token, { text: 'Hello **there**, how are you?' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    const wav = readWav(res.rawPayload);
    expect(wav).toMatchObject({ sampleRate: 16_000, channels: 1 });
    expect(wav.data.length).toBeGreaterThan(16_000);
  });

  it('should refuse a non-Pro user with 403 and the exact message', async () => {
    const user = await t.seed.user();
    const res = await speak(t, user.token, { text: 'Hello there' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'User does not have a Pro subscription.', code: 'pro:required' });
  });

  it('should refuse a user whose Pro has expired', async () => {
    const user = await t.seed.user({ proExpiry: new Date(Date.now() - 1000).toISOString() });
    expect((await speak(t, user.token, { text: 'Hello there' })).statusCode).toBe(403);
  });

  it('should answer 401 without a token', async () => {
    const res = await speak(t, undefined, { text: 'Hello there' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'auth:required' });
  });

  it('should answer 400 for empty, blank, missing and non-string text', async () => {
    const user = await t.seed.user({ proExpiry: inAMonth() });
    for (const body of [{ text: '' }, { text: '   \n ' }, {}, { text: 42 }, { text: '---\n\n```\n```' }]) {
      const res = await speak(t, user.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'request:invalid' });
    }
  });

  it('should answer 400 for text over 4,000 characters', async () => {
    const user = await t.seed.user({ proExpiry: inAMonth() });
    const res = await speak(t, user.token, { text: 'a'.repeat(4001) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'text: At most 4000 characters can be read aloud.',
      code: 'request:invalid',
    });
  });

  it('should read a long reply piece by piece into one WAV', async () => {
    const user = await t.seed.user({ proExpiry: inAMonth() });
    const text = Array.from({ length: 12 }, (_, i) => `This is sentence number ${i + 1} of a long reply.`).join(' ');
    const res = await speak(t, user.token, { text });
    expect(res.statusCode).toBe(200);
    const wav = readWav(res.rawPayload);
    expect(res.rawPayload.readUInt32LE(40)).toBe(wav.data.length);
    // Twelve sentences are well over ten seconds of speech at 16 kHz.
    expect(wav.data.length).toBeGreaterThan(10 * 32_000);
  }, 120_000);

  it('should cache the audio by engine, voice and text under DATA_DIR', async () => {
    const user = await t.seed.user({ proExpiry: inAMonth() });
    const text = `Cached sentence number ${Date.now()}`;
    const first = await speak(t, user.token, { text });
    const cacheDir = path.join(t.config.DATA_DIR, 'speech-cache');
    const files = () => fs.readdirSync(cacheDir, { recursive: true }).filter((f) => String(f).endsWith('.audio'));
    const before = files().length;
    const second = await speak(t, user.token, { text });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(files().length).toBe(before);
    // Markdown around the same words is the same speakable text: still one file.
    await speak(t, user.token, { text: `**${text}**` });
    expect(files().length).toBe(before);
  });

  it('should refuse past the per-user rate limit', async () => {
    const user = await t.seed.user({ proExpiry: inAMonth() });
    // The user's allowance used up, through the same limiter the service counts with.
    const limiter = new AttemptLimiter(new AttemptRepository(t.db));
    for (let i = 0; i < SPEECH_LIMITS.speakPerUser.max; i += 1)
      await limiter.reserve(SPEECH_LIMITS.speakPerUser, user.id);
    const res = await speak(t, user.token, { text: 'One more please' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'rate-limited' });
  });
});

describe('POST /speech/speak (OpenAI-compatible)', () => {
  let t: TestApp;
  let fake: FakeOpenAiAudio;
  beforeAll(async () => {
    fake = await startFakeOpenAiAudio({ apiKey: 'sk-tts' });
    t = await startTestApp({
      TTS_ENGINE: 'openai',
      TTS_BASE_URL: fake.baseUrl,
      TTS_API_KEY: 'sk-tts',
      TTS_MODEL: 'tts-1',
      TTS_VOICE: 'nova',
    });
  });
  afterAll(async () => {
    await t.stop();
    await fake.close();
  });

  it('should send the speakable text and answer the MP3 bytes as audio/mpeg', async () => {
    const user = await t.seed.user({ proExpiry: inAMonth() });
    const res = await speak(t, user.token, { text: '## Hi\n\nRead [this](https://example.com) *now*.' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.rawPayload.equals(fakeMp3('Hi\n\nRead this now.'))).toBe(true);
    expect(fake.speeches.at(-1)).toEqual({
      authorization: 'Bearer sk-tts',
      body: { model: 'tts-1', input: 'Hi\n\nRead this now.', voice: 'nova', response_format: 'mp3' },
    });
  });

  it('should accept exactly 4,000 characters', async () => {
    const user = await t.seed.user({ proExpiry: inAMonth() });
    const text = 'ok. '.repeat(1000);
    expect(text.length).toBe(4000);
    const res = await speak(t, user.token, { text });
    expect(res.statusCode).toBe(200);
    expect(fake.speeches.at(-1)?.body.input).toBe(text.trim());
  });

  it('should answer 502 speech:failed when the provider fails, without caching the failure', async () => {
    const user = await t.seed.user({ proExpiry: inAMonth() });
    fake.setFailure(503);
    const failed = await speak(t, user.token, { text: 'Try me later' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({
      message: 'The speech service failed. Please try again later.',
      code: 'speech:failed',
    });
    fake.setFailure(undefined);
    const ok = await speak(t, user.token, { text: 'Try me later' });
    expect(ok.statusCode).toBe(200);
  });
});

describe('POST /speech/speak without an engine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TTS_ENGINE: 'openai' });
  });
  afterAll(() => t.stop());

  it('should answer 503 speech:unavailable saying what is missing', async () => {
    const user = await t.seed.user({ proExpiry: inAMonth() });
    const res = await speak(t, user.token, { text: 'Hello' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      message: 'Text-to-speech is not available: the speech service is not configured on the server.',
      code: 'speech:unavailable',
    });
  });
});
