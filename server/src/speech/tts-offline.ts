import fs from 'node:fs';
import path from 'node:path';
import type { TtsEngine } from './engines.js';
import { runProgram, withTempDir } from './process.js';
import type { JobQueue } from './queue.js';
import { normalizeWav } from './wav.js';

/** flite's built-in voices; a voice may also be a file path or URL, so only these are allowed. */
export const FLITE_VOICES = ['slt', 'kal', 'kal16', 'awb', 'rms', 'awb_time'] as const;
/** espeak-ng voice names: a language (en-us, de, pt-br) with an optional variant (+f3). */
export const ESPEAK_VOICE_PATTERN = /^[a-z]{2,3}(-[a-z0-9]{1,8})*(\+[a-z0-9]{1,12})?$/i;

interface OfflineOptions {
  program: string;
  voice: string;
  queue: JobQueue;
  timeoutMs: number;
}

/**
 * Debian's flite (English, 16 kHz mono WAV). The text goes in a file (`-f`): with `-t` flite
 * would read a text without spaces as a file name.
 */
export class FliteEngine implements TtsEngine {
  readonly name = 'flite';
  readonly contentType = 'audio/wav';
  readonly voice: string;

  constructor(private readonly options: OfflineOptions) {
    if (!(FLITE_VOICES as readonly string[]).includes(options.voice)) {
      throw new Error(`TTS_VOICE for flite must be one of ${FLITE_VOICES.join(', ')}`);
    }
    this.voice = options.voice;
  }

  synthesize(text: string): Promise<Buffer> {
    const { program, queue, timeoutMs } = this.options;
    return queue.run(() =>
      withTempDir(async (dir) => {
        const input = path.join(dir, 'text.txt');
        const output = path.join(dir, 'speech.wav');
        await fs.promises.writeFile(input, text, 'utf8');
        await runProgram(program, ['-voice', this.voice, '-f', input, '-o', output], { timeoutMs });
        return normalizeWav(await fs.promises.readFile(output));
      }),
    );
  }
}

/** Debian's espeak-ng (many languages; 22.05 kHz WAV). The text goes on stdin, never as an argument. */
export class EspeakEngine implements TtsEngine {
  readonly name = 'espeak-ng';
  readonly contentType = 'audio/wav';
  readonly voice: string;

  constructor(private readonly options: OfflineOptions) {
    if (!ESPEAK_VOICE_PATTERN.test(options.voice))
      throw new Error('TTS_VOICE for espeak-ng must look like en-us or de');
    this.voice = options.voice;
  }

  synthesize(text: string): Promise<Buffer> {
    const { program, queue, timeoutMs } = this.options;
    return queue.run(async () => {
      const out = await runProgram(program, ['-v', this.voice, '--stdout', '--stdin'], { timeoutMs, input: text });
      return normalizeWav(out);
    });
  }
}
