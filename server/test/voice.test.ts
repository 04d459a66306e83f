import { type FakeOpenAiAudio, startFakeOpenAiAudio } from '@neura/test-kit/fakes/openai-audio';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttemptRepository } from '../src/lib/limits/counter-repository.js';
import { AttemptLimiter } from '../src/lib/limits/limiter.js';
import { SPEECH_LIMITS } from '../src/speech/limits.js';
import { nextEvent } from './helpers/socket.js';
import { connectVoice, fliteSpeech, streamPcm } from './helpers/voice.js';

type EndAck = { transcript: string } | { error: { message: string; code: string } };
const SENTENCE = 'please search the web for the latest news';

describe('/voice dictation (pocketsphinx)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ VOICE_MAX_SECONDS: '5' });
  });
  afterAll(() => t.stop());

  it('should transcribe flite speech streamed as 16 kHz PCM chunks', async () => {
    const user = await t.seed.user();
    const socket = await connectVoice(t.url, user.token);
    const pcm = fliteSpeech(SENTENCE);
    const acks = await streamPcm(socket, pcm);
    expect(acks.at(-1)).toEqual({ received: pcm.length });
    const response = nextEvent<{ transcript: string }>(socket, 'audioTranscriptResponse', 30_000);
    socket.emit('endAudioData');
    const { transcript } = await response;
    // Observed on Debian 12 (flite slt → pocketsphinx en-us): the sentence comes back verbatim.
    expect(transcript).toBe(SENTENCE);
    socket.close();
  });

  it('should answer the endAudioData ack with the trimmed transcript too', async () => {
    const user = await t.seed.user();
    const socket = await connectVoice(t.url, user.token);
    await streamPcm(socket, fliteSpeech('hello world'));
    const ack = (await socket.timeout(30_000).emitWithAck('endAudioData')) as EndAck;
    expect(ack).toEqual({ transcript: expect.stringMatching(/^\S.*\S$/) });
    expect((ack as { transcript: string }).transcript).toContain('world');
    socket.close();
  });

  it('should answer an empty transcript when no audio was sent', async () => {
    const user = await t.seed.user();
    const socket = await connectVoice(t.url, user.token);
    const response = nextEvent<{ transcript: string }>(socket, 'audioTranscriptResponse');
    socket.emit('endAudioData');
    expect(await response).toEqual({ transcript: '' });
    socket.close();
  });

  it('should send duration_exceeded exactly once past VOICE_MAX_SECONDS and drop later chunks', async () => {
    const user = await t.seed.user();
    const socket = await connectVoice(t.url, user.token);
    let exceeded = 0;
    socket.on('duration_exceeded', () => {
      exceeded++;
    });
    // 7 s of audio against a 5 s limit (32,000 bytes per second).
    const acks = await streamPcm(socket, Buffer.alloc(7 * 32_000), 16_000);
    expect(acks.at(-1)).toEqual({ received: 5 * 32_000 });
    const ack = (await socket.timeout(30_000).emitWithAck('endAudioData')) as EndAck;
    expect(ack).toEqual({ transcript: '' });
    expect(exceeded).toBe(1);
    // A new recording starts from zero: the next short one is not cut.
    expect((await streamPcm(socket, Buffer.alloc(8000))).at(-1)).toEqual({ received: 8000 });
    expect(exceeded).toBe(1);
    socket.close();
  });

  it('should refuse bad audio payloads with request:invalid and keep serving the socket', async () => {
    const user = await t.seed.user();
    const socket = await connectVoice(t.url, user.token);
    const send = (payload: unknown) =>
      // biome-ignore lint/suspicious/noExplicitAny: deliberately wrong payload types.
      socket.timeout(10_000).emitWithAck('audioData', payload as any) as Promise<EndAck>;
    for (const bad of [
      'text, not audio',
      { samples: [1, 2, 3] },
      42,
      null,
      new Uint8Array(3),
      new Uint8Array(40_000),
    ]) {
      const ack = await send(bad);
      expect(ack).toMatchObject({ error: { code: 'request:invalid' } });
      expect((ack as { error: { message: string } }).error.message).toMatch(/audioData/);
    }
    // Without an ack a bad payload is dropped silently; the socket stays usable.
    // biome-ignore lint/suspicious/noExplicitAny: deliberately wrong payload type.
    socket.emit('audioData', 'garbage' as any);
    expect(await send(new Uint8Array(4096))).toEqual({ received: 4096 });
    expect(await socket.timeout(30_000).emitWithAck('endAudioData')).toEqual({ transcript: '' });
    socket.close();
  });

  it('should discard the buffer on disconnect (open recordings per user are limited)', async () => {
    const user = await t.seed.user();
    const sockets = await Promise.all([1, 2, 3, 4].map(() => connectVoice(t.url, user.token)));
    for (const s of sockets) expect(await streamPcm(s, Buffer.alloc(4096))).toEqual([{ received: 4096 }]);
    const fifth = await connectVoice(t.url, user.token);
    expect((await streamPcm(fifth, Buffer.alloc(4096)))[0]).toMatchObject({ error: { code: 'rate-limited' } });
    const first = sockets.shift();
    first?.disconnect();
    // The server frees the stream when it sees the disconnect.
    for (;;) {
      const [ack] = await streamPcm(fifth, Buffer.alloc(4096));
      if (!('error' in (ack ?? {}))) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    for (const s of [...sockets, fifth]) s.close();
  });

  it('should refuse transcriptions past the per-user rate limit', async () => {
    const user = await t.seed.user();
    // The user's allowance used up, through the same limiter the service counts with.
    const limiter = new AttemptLimiter(new AttemptRepository(t.db));
    for (let i = 0; i < SPEECH_LIMITS.transcribePerUser.max; i += 1)
      await limiter.reserve(SPEECH_LIMITS.transcribePerUser, user.id);
    const socket = await connectVoice(t.url, user.token);
    await streamPcm(socket, Buffer.alloc(4096));
    expect(await socket.timeout(10_000).emitWithAck('endAudioData')).toMatchObject({ error: { code: 'rate-limited' } });
    socket.close();
  });
});

describe('/voice dictation (OpenAI-compatible)', () => {
  let t: TestApp;
  let fake: FakeOpenAiAudio;
  beforeAll(async () => {
    fake = await startFakeOpenAiAudio({ apiKey: 'sk-stt' });
    t = await startTestApp({
      STT_ENGINE: 'openai',
      STT_BASE_URL: fake.baseUrl,
      STT_API_KEY: 'sk-stt',
      STT_MODEL: 'whisper-1',
    });
  });
  afterAll(async () => {
    await t.stop();
    await fake.close();
  });

  it('should send the audio as a 16 kHz mono WAV and answer the trimmed text', async () => {
    const user = await t.seed.user();
    const socket = await connectVoice(t.url, user.token);
    const pcm = Buffer.alloc(3 * 4096, 1);
    await streamPcm(socket, pcm);
    const response = nextEvent<{ transcript: string }>(socket, 'audioTranscriptResponse');
    socket.emit('endAudioData');
    expect(await response).toEqual({ transcript: 'hello from the fake transcriber' });
    const request = fake.transcriptions.at(-1);
    expect(request).toMatchObject({
      authorization: 'Bearer sk-stt',
      model: 'whisper-1',
      responseFormat: 'json',
      fileName: 'audio.wav',
      fileType: 'audio/wav',
    });
    expect(request?.file.readUInt32LE(24)).toBe(16_000);
    expect(request?.file.readUInt16LE(22)).toBe(1);
    expect(request?.file.subarray(44).equals(pcm)).toBe(true);
    socket.close();
  });

  it('should answer speech:failed when the provider fails, and work again after', async () => {
    const user = await t.seed.user();
    const socket = await connectVoice(t.url, user.token);
    fake.setFailure(500);
    await streamPcm(socket, Buffer.alloc(4096));
    expect(await socket.timeout(10_000).emitWithAck('endAudioData')).toMatchObject({
      error: { code: 'speech:failed', message: 'The speech service failed. Please try again later.' },
    });
    fake.setFailure(undefined);
    fake.setTranscript('  second try  ');
    await streamPcm(socket, Buffer.alloc(4096));
    expect(await socket.timeout(10_000).emitWithAck('endAudioData')).toEqual({ transcript: 'second try' });
    socket.close();
  });
});

describe('/voice without an engine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ STT_ENGINE: 'openai' });
  });
  afterAll(() => t.stop());

  it('should start, report the missing engine and refuse dictation with speech:unavailable', async () => {
    const user = await t.seed.user();
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/speech/status',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(status.json()).toMatchObject({ stt: { engine: 'openai', available: false }, maxSeconds: 60 });
    const socket = await connectVoice(t.url, user.token);
    await streamPcm(socket, Buffer.alloc(4096));
    expect(await socket.timeout(10_000).emitWithAck('endAudioData')).toMatchObject({
      error: {
        code: 'speech:unavailable',
        message: 'Voice dictation is not available: the speech recognition service is not configured on the server.',
      },
    });
    socket.close();
  });
});
