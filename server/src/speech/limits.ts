import type { Limit } from '../lib/limits/limit.js';

const MINUTE = 60_000;

/** Per-user speech limits, counted in the database so every process counts together. */
export const SPEECH_LIMITS = {
  /** Dictations transcribed (each endAudioData with audio). */
  transcribePerUser: { scope: 'speech-stt:user', max: 60, windowMs: 10 * MINUTE },
  /** Replies read aloud. */
  speakPerUser: { scope: 'speech-tts:user', max: 120, windowMs: 10 * MINUTE },
} as const satisfies Record<string, Limit>;

/** Open dictation streams one user may have on one process (each buffers up to VOICE_MAX_SECONDS). */
export const MAX_STREAMS_PER_USER = 4;
