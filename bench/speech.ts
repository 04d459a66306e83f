/**
 * Speech: how long a user waits.
 *
 *   node --import tsx bench/speech.ts
 *
 * 1. Dictation: a ~5 s flite utterance streamed over a real socket.io-client to /voice in 4 KB
 *    chunks; time from `endAudioData` to `audioTranscriptResponse` (pocketsphinx), and word accuracy.
 * 2. Text-to-speech: POST /speech/speak with 200 characters (flite), fresh text each run (no cache),
 *    then the same text again (cache hit).
 * Prints figures (min / median / max over BENCH_SPEECH_RUNS, default 5) and the load average.
 */
import os from 'node:os';
import { startTestApp } from '@neura/test-kit/server/in-process';
import { readWav } from '../server/src/speech/wav.js';
import { connectVoice, fliteSpeech, streamPcm } from '../server/test/helpers/voice.js';

const RUNS = Number(process.env.BENCH_SPEECH_RUNS ?? 5);
const UTTERANCE = 'please search the web for the latest news about the olympic games and tell me the weather in london';

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? Number.NaN;
const fmt = (v: number[]) => `${Math.min(...v).toFixed(0)} / ${median(v).toFixed(0)} / ${Math.max(...v).toFixed(0)} ms`;

function wordAccuracy(expected: string, got: string): number {
  const want = expected.split(' ');
  const have = new Set(got.split(' '));
  return want.filter((w) => have.has(w)).length / want.length;
}

function text200(run: number): string {
  const base = `Run ${run}. Here is a reply from your assistant, read aloud by the offline voice. It has a few sentences of plain text, the way a typical answer looks in the chat. Thanks for listening!`;
  return base.padEnd(200, ' ').slice(0, 200);
}

export async function benchSpeech(): Promise<string[]> {
  const app = await startTestApp({ VOICE_MAX_SECONDS: '60', SPEECH_TIMEOUT_MS: '300000' });
  const user = await app.seed.user({ proExpiry: new Date(Date.now() + 86_400_000).toISOString() });
  const lines: string[] = [];
  try {
    const pcm = fliteSpeech(UTTERANCE);
    const seconds = pcm.length / 32_000;
    const stt: number[] = [];
    const accuracy: number[] = [];
    let sample = '';
    for (let i = 0; i < RUNS; i++) {
      const socket = await connectVoice(app.url, user.token);
      await streamPcm(socket, pcm);
      const t0 = performance.now();
      const result = await socket.timeout(300_000).emitWithAck('endAudioData');
      stt.push(performance.now() - t0);
      if ('error' in result) throw new Error(result.error.message);
      sample = result.transcript;
      accuracy.push(wordAccuracy(UTTERANCE, result.transcript));
      socket.close();
    }
    const tts: number[] = [];
    const cached: number[] = [];
    let audioSeconds = 0;
    const speak = async (text: string) => {
      const t0 = performance.now();
      const res = await fetch(`${app.url}/api/speech/speak`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      });
      const body = Buffer.from(await res.arrayBuffer());
      if (!res.ok) throw new Error(`speak answered ${res.status}`);
      return { ms: performance.now() - t0, body };
    };
    for (let i = 0; i < RUNS; i++) {
      const text = text200(i);
      const fresh = await speak(text);
      tts.push(fresh.ms);
      audioSeconds = readWav(fresh.body).data.length / 32_000;
      cached.push((await speak(text)).ms);
    }
    lines.push(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${os.availableParallelism()} cores; ${RUNS} runs; min / median / max`,
      '',
      '| what | time |',
      '| --- | --- |',
      `| endAudioData → transcript, ${seconds.toFixed(1)} s utterance (pocketsphinx) | ${fmt(stt)} |`,
      `| POST /speech/speak, 200 characters (flite, ${audioSeconds.toFixed(1)} s of audio) | ${fmt(tts)} |`,
      `| POST /speech/speak, same text again (cache) | ${fmt(cached)} |`,
      '',
      `word accuracy: ${(Math.min(...accuracy) * 100).toFixed(0)}–${(Math.max(...accuracy) * 100).toFixed(0)} %; last transcript: "${sample}"`,
    );
  } finally {
    await app.stop();
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log((await benchSpeech()).join('\n'));
}
