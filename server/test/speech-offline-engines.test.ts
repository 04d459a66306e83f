import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createSpeechEngines } from '../src/speech/create-engines.js';
import { findProgram, ProgramTimeoutError, runProgram } from '../src/speech/process.js';
import { JobQueue } from '../src/speech/queue.js';
import { joinUtterances, PocketsphinxEngine } from '../src/speech/stt-pocketsphinx.js';
import { EspeakEngine, FliteEngine } from '../src/speech/tts-offline.js';
import { readWav } from '../src/speech/wav.js';

/** The real Debian engines (flite, espeak-ng, pocketsphinx; .ci/run installs them): the integration tier. */
const dataDir = path.join(os.tmpdir(), 'neura-speech-engines');
const queue = new JobQueue(1);
const program = (name: string) => {
  const found = findProgram(name);
  if (!found)
    throw new Error(`${name} is not installed (apt-get install -y flite pocketsphinx pocketsphinx-en-us espeak-ng)`);
  return found;
};

describe('offline speech engines', { timeout: 60_000 }, () => {
  it('should synthesise 16 kHz mono WAV with flite', async () => {
    const flite = new FliteEngine({ program: program('flite'), voice: 'slt', queue, timeoutMs: 30_000 });
    const wav = readWav(await flite.synthesize('hello world'));
    expect(wav).toMatchObject({ sampleRate: 16_000, channels: 1, bitsPerSample: 16 });
    expect(wav.data.length).toBeGreaterThan(16_000);
  });

  it('should read a text without spaces as words, never as a file name', async () => {
    const flite = new FliteEngine({ program: program('flite'), voice: 'slt', queue, timeoutMs: 30_000 });
    const wav = readWav(await flite.synthesize('/etc/passwd'));
    expect(wav.data.length).toBeGreaterThan(0);
  });

  it('should refuse a flite voice outside the built-in list', () => {
    expect(() => new FliteEngine({ program: 'flite', voice: '/tmp/evil.flitevox', queue, timeoutMs: 1000 })).toThrow(
      'TTS_VOICE',
    );
  });

  it('should synthesise a WAV with exact sizes with espeak-ng', async () => {
    const espeak = new EspeakEngine({ program: program('espeak-ng'), voice: 'de', queue, timeoutMs: 30_000 });
    const bytes = await espeak.synthesize('Guten Tag');
    const wav = readWav(bytes);
    expect(wav.sampleRate).toBe(22_050);
    expect(bytes.readUInt32LE(40)).toBe(wav.data.length);
  });

  it('should transcribe flite speech with pocketsphinx', async () => {
    const flite = new FliteEngine({ program: program('flite'), voice: 'slt', queue, timeoutMs: 30_000 });
    const pcm = readWav(await flite.synthesize('please search the web for the latest news')).data;
    const stt = new PocketsphinxEngine(program('pocketsphinx_continuous'), queue, 30_000);
    expect(await stt.transcribe(pcm)).toBe('please search the web for the latest news');
  });

  it('should give an empty transcript for silence', async () => {
    const stt = new PocketsphinxEngine(program('pocketsphinx_continuous'), queue, 30_000);
    expect(await stt.transcribe(Buffer.alloc(16_000))).toBe('');
  });

  it('should join one line per utterance into one trimmed transcript', () => {
    expect(joinUtterances('  hello there \n\nhow are  you\n')).toBe('hello there how are you');
  });

  it('should kill a program that runs past its timeout', async () => {
    await expect(runProgram(program('sleep'), ['5'], { timeoutMs: 100 })).rejects.toBeInstanceOf(ProgramTimeoutError);
  });

  it('should say which engine is missing when its program is not installed', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const engines = createSpeechEngines(config, '/nonexistent');
    expect(engines.stt.engine).toBeUndefined();
    expect(engines.stt.availability.reason).toContain('pocketsphinx');
    expect(engines.tts.availability).toEqual({
      available: false,
      reason: 'Text-to-speech is not available: the speech synthesiser (flite) is not installed on the server.',
    });
  });

  it('should select the installed offline engines by default', () => {
    const engines = createSpeechEngines(loadConfig({ DATA_DIR: dataDir }));
    expect(engines.stt.engine?.name).toBe('pocketsphinx');
    expect(engines.tts.engine?.name).toBe('flite');
    expect(engines.tts.engine?.contentType).toBe('audio/wav');
  });

  it('should call a cloud engine unavailable when neither key nor base URL is set', () => {
    const engines = createSpeechEngines(loadConfig({ DATA_DIR: dataDir, STT_ENGINE: 'openai', TTS_ENGINE: 'openai' }));
    expect(engines.stt.availability.available).toBe(false);
    expect(engines.tts.availability.available).toBe(false);
  });
});
