import fs from 'node:fs';
import path from 'node:path';
import type { TtsEngine } from './engines.js';
import { runProgram, withTempDir } from './process.js';
import type { JobQueue } from './queue.js';
import { normalizeWav, pcmToWav, readWav } from './wav.js';

/** Longest piece of text one synthesiser run gets: long replies are read piece by piece. */
export const SEGMENT_CHARS = 400;

/**
 * Splits text at sentence ends (else at spaces) into pieces of at most `max` characters, so each
 * synthesiser run stays short (its own queue slot and timeout) however long the reply is.
 */
export function splitForSpeech(text: string, max = SEGMENT_CHARS): string[] {
  const sentences = text.match(/[^.!?\n]+[.!?]*[\s]*|[.!?\n]+/g) ?? [];
  const pieces: string[] = [];
  let current = '';
  const flush = () => {
    if (current.trim()) pieces.push(current.trim());
    current = '';
  };
  for (const sentence of sentences) {
    if (current.length + sentence.length <= max) {
      current += sentence;
      continue;
    }
    flush();
    if (sentence.length <= max) {
      current = sentence;
      continue;
    }
    for (const word of sentence.split(/(?<=\s)/)) {
      if (current.length + word.length > max) flush();
      current += word.length > max ? `${word.slice(0, max)} ` : word;
    }
  }
  flush();
  return pieces;
}

/** Runs `one` for each piece (each in its own queue slot) and joins the audio into one WAV. */
async function synthesizePieces(
  text: string,
  queue: JobQueue,
  one: (piece: string) => Promise<Buffer>,
): Promise<Buffer> {
  const wavs: Buffer[] = [];
  for (const piece of splitForSpeech(text)) wavs.push(await queue.run(() => one(piece)));
  if (wavs.length === 1 && wavs[0]) return normalizeWav(wavs[0]);
  const parts = wavs.map(readWav);
  const first = parts[0];
  if (!first) return pcmToWav(Buffer.alloc(0));
  return pcmToWav(Buffer.concat(parts.map((p) => p.data)), first.sampleRate, first.channels, first.bitsPerSample);
}

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
    return synthesizePieces(text, queue, (piece) =>
      withTempDir(async (dir) => {
        const input = path.join(dir, 'text.txt');
        const output = path.join(dir, 'speech.wav');
        await fs.promises.writeFile(input, piece, 'utf8');
        await runProgram(program, ['-voice', this.voice, '-f', input, '-o', output], { timeoutMs });
        return fs.promises.readFile(output);
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
    return synthesizePieces(text, queue, (piece) =>
      runProgram(program, ['-v', this.voice, '--stdout', '--stdin'], { timeoutMs, input: piece }),
    );
  }
}
