import fs from 'node:fs';
import type { Config } from '../config.js';
import type { EngineAvailability, SttEngine, TtsEngine } from './engines.js';
import { findProgram } from './process.js';
import { defaultSpeechConcurrency, JobQueue } from './queue.js';
import { OpenAiSttEngine } from './stt-openai.js';
import { POCKETSPHINX_MODEL_DIR, PocketsphinxEngine } from './stt-pocketsphinx.js';
import { EspeakEngine, FliteEngine } from './tts-offline.js';
import { OpenAiTtsEngine } from './tts-openai.js';

export interface Selected<E> {
  /** The configured engine's name (STT_ENGINE / TTS_ENGINE). */
  name: string;
  engine?: E;
  availability: EngineAvailability;
  /** For the operator's log when the engine is missing: how to install or configure it. */
  hint?: string;
}

export interface SpeechEngines {
  stt: Selected<SttEngine>;
  tts: Selected<TtsEngine>;
  queue: JobQueue;
}

const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

const missing = <E>(name: string, reason: string, hint: string): Selected<E> => ({
  name,
  availability: { available: false, reason },
  hint,
});

/** The engines STT_ENGINE and TTS_ENGINE select, or why they cannot run. `path` is for tests. */
export function createSpeechEngines(config: Config, searchPath = process.env.PATH ?? ''): SpeechEngines {
  const queue = new JobQueue(config.SPEECH_CONCURRENCY ?? defaultSpeechConcurrency());
  const timeoutMs = config.SPEECH_TIMEOUT_MS;
  return {
    stt: selectStt(config, queue, timeoutMs, searchPath),
    tts: selectTts(config, queue, timeoutMs, searchPath),
    queue,
  };
}

function selectStt(config: Config, queue: JobQueue, timeoutMs: number, searchPath: string): Selected<SttEngine> {
  if (config.STT_ENGINE === 'openai') {
    const apiKey = config.STT_API_KEY ?? config.OPENAI_API_KEY;
    if (!config.STT_BASE_URL && !apiKey) {
      return missing(
        'openai',
        'Voice dictation is not available: the speech recognition service is not configured on the server.',
        'set STT_API_KEY (or OPENAI_API_KEY) or STT_BASE_URL',
      );
    }
    const baseUrl = config.STT_BASE_URL ?? config.OPENAI_BASE_URL ?? OPENAI_DEFAULT_BASE_URL;
    const engine = new OpenAiSttEngine({ baseUrl, apiKey, timeoutMs }, config.STT_MODEL, config.STT_LANGUAGE);
    return { name: 'openai', engine, availability: { available: true } };
  }
  const program = findProgram('pocketsphinx_continuous', searchPath);
  const hint = 'install it: apt-get install -y pocketsphinx pocketsphinx-en-us';
  if (!program) {
    return missing(
      'pocketsphinx',
      'Voice dictation is not available: the speech recogniser (pocketsphinx) is not installed on the server.',
      hint,
    );
  }
  if (!fs.existsSync(POCKETSPHINX_MODEL_DIR)) {
    return missing(
      'pocketsphinx',
      'Voice dictation is not available: the English model of the speech recogniser (pocketsphinx-en-us) is not installed on the server.',
      hint,
    );
  }
  return {
    name: 'pocketsphinx',
    engine: new PocketsphinxEngine(program, queue, timeoutMs),
    availability: { available: true },
  };
}

function selectTts(config: Config, queue: JobQueue, timeoutMs: number, searchPath: string): Selected<TtsEngine> {
  const name = config.TTS_ENGINE;
  if (name === 'openai') {
    const apiKey = config.TTS_API_KEY ?? config.OPENAI_API_KEY;
    if (!config.TTS_BASE_URL && !apiKey) {
      return missing(
        name,
        'Text-to-speech is not available: the speech service is not configured on the server.',
        'set TTS_API_KEY (or OPENAI_API_KEY) or TTS_BASE_URL',
      );
    }
    const baseUrl = config.TTS_BASE_URL ?? config.OPENAI_BASE_URL ?? OPENAI_DEFAULT_BASE_URL;
    const engine = new OpenAiTtsEngine({ baseUrl, apiKey, timeoutMs }, config.TTS_MODEL, config.TTS_VOICE ?? 'alloy');
    return { name, engine, availability: { available: true } };
  }
  const program = findProgram(name, searchPath);
  if (!program) {
    return missing(
      name,
      `Text-to-speech is not available: the speech synthesiser (${name}) is not installed on the server.`,
      `install it: apt-get install -y ${name}`,
    );
  }
  const engine =
    name === 'flite'
      ? new FliteEngine({ program, voice: config.TTS_VOICE ?? 'slt', queue, timeoutMs })
      : new EspeakEngine({ program, voice: config.TTS_VOICE ?? 'en-us', queue, timeoutMs });
  return { name, engine, availability: { available: true } };
}
