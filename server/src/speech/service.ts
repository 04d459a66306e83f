import { PRO_REQUIRED_MESSAGE, type SpeechStatus } from '@neura/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { User } from '../auth/user.js';
import { isPro } from '../entitlements/pro.js';
import { AppError } from '../errors.js';
import type { AttemptLimiter } from '../lib/limits/limiter.js';
import type { SpeechEngines } from './create-engines.js';
import { SPEECH_LIMITS } from './limits.js';
import { toSpeakableText } from './speakable.js';
import type { TtsCache } from './tts-cache.js';

export interface SpokenAudio {
  audio: Buffer;
  contentType: string;
}

/** Dictation (any signed-in user) and text-to-speech (Pro only), behind per-user limits. */
export class SpeechService {
  constructor(
    private readonly engines: SpeechEngines,
    private readonly cache: TtsCache,
    private readonly limiter: AttemptLimiter,
    private readonly maxSeconds: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Says at start-up which engines run and which are missing (and how to fix that). */
  logStatus(): void {
    for (const [kind, selected] of [
      ['speech-to-text', this.engines.stt],
      ['text-to-speech', this.engines.tts],
    ] as const) {
      if (selected.availability.available) this.log.info(`${kind}: ${selected.name}`);
      else
        this.log.warn(
          `${kind} engine "${selected.name}" is missing (${selected.hint}); ${selected.availability.reason}`,
        );
    }
  }

  status(): SpeechStatus {
    const { stt, tts } = this.engines;
    return {
      stt: { engine: stt.name, ...stt.availability },
      tts: { engine: tts.name, ...tts.availability },
      maxSeconds: this.maxSeconds,
    };
  }

  /** The trimmed transcript of 16 kHz mono s16le PCM; empty audio gives an empty transcript. */
  async transcribe(userId: string, pcm: Buffer): Promise<string> {
    const { engine, availability } = this.engines.stt;
    if (!engine) throw new AppError('speech:unavailable', availability.reason ?? 'Voice dictation is not available.');
    if (pcm.length < 2) return '';
    await this.limiter.reserve(SPEECH_LIMITS.transcribePerUser, userId);
    try {
      return (await engine.transcribe(pcm)).trim();
    } catch (error) {
      throw this.failure(error, 'The recording could not be transcribed. Please try again.');
    }
  }

  /** Reads a reply aloud: Pro only (403 otherwise), markdown stripped, cached by (engine, voice, text). */
  async speak(user: User, text: string): Promise<SpokenAudio> {
    this.requirePro(user);
    const speakable = toSpeakableText(text);
    if (speakable === '') throw new AppError('request:invalid', 'text: There is nothing to read aloud.');
    const { engine, availability } = this.engines.tts;
    if (!engine) throw new AppError('speech:unavailable', availability.reason ?? 'Text-to-speech is not available.');
    await this.limiter.reserve(SPEECH_LIMITS.speakPerUser, user.id);
    const key = this.cache.key(engine.name, engine.voice, speakable, engine.model);
    const cached = await this.cache.get(key);
    if (cached) return { audio: cached, contentType: engine.contentType };
    let audio: Buffer;
    try {
      audio = await engine.synthesize(speakable);
    } catch (error) {
      throw this.failure(error, 'The reply could not be read aloud. Please try again.');
    }
    await this.cache.put(key, audio).catch((err: unknown) => this.log.warn({ err }, 'speech cache write failed'));
    return { audio, contentType: engine.contentType };
  }

  /** SPEC.md §6: text-to-speech is Pro only; the server enforces it with this exact message. */
  requirePro(user: User): void {
    if (!isPro(user)) throw new AppError('pro:required', PRO_REQUIRED_MESSAGE);
  }

  private failure(error: unknown, message: string): AppError {
    if (error instanceof AppError) {
      if (error.status >= 500) this.log.error({ err: error.cause ?? error }, error.message);
      return error;
    }
    this.log.error({ err: error }, 'speech engine failed');
    return new AppError('speech:failed', message);
  }
}
