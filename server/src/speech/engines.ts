/** The speech engine interfaces (ARCHITECTURE.md §3 Speech). */

export interface SttEngine {
  /** `pocketsphinx` | `openai`. */
  readonly name: string;
  /** Transcribes 16 kHz mono signed 16-bit little-endian PCM; the text is trimmed. */
  transcribe(pcm16k: Buffer): Promise<string>;
}

export interface TtsEngine {
  /** `flite` | `espeak-ng` | `openai`. */
  readonly name: string;
  /** The voice it speaks with (part of the cache key). */
  readonly voice: string;
  /** The model it speaks with, for an engine that has several (part of the cache key). */
  readonly model?: string;
  /** `audio/wav` offline, `audio/mpeg` from the cloud. */
  readonly contentType: string;
  synthesize(text: string): Promise<Buffer>;
}

/** Whether an engine can run, and why not (shown to users and logged at start-up). */
export interface EngineAvailability {
  available: boolean;
  reason?: string;
}
