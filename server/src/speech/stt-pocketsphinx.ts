import fs from 'node:fs';
import path from 'node:path';
import type { SttEngine } from './engines.js';
import { runProgram, withTempDir } from './process.js';
import type { JobQueue } from './queue.js';
import { pcmToWav } from './wav.js';

/** Where Debian's pocketsphinx-en-us puts the acoustic model, dictionary and language model. */
export const POCKETSPHINX_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/**
 * Offline recognition with Debian's `pocketsphinx_continuous`. It cannot read Node's stdin pipe
 * (a socketpair), so the audio goes through a temporary WAV file. One line per utterance on stdout.
 */
export class PocketsphinxEngine implements SttEngine {
  readonly name = 'pocketsphinx';

  constructor(
    private readonly program: string,
    private readonly queue: JobQueue,
    private readonly timeoutMs: number,
  ) {}

  async transcribe(pcm16k: Buffer): Promise<string> {
    if (pcm16k.length < 2) return '';
    return this.queue.run(() =>
      withTempDir(async (dir) => {
        const file = path.join(dir, 'audio.wav');
        await fs.promises.writeFile(file, pcmToWav(pcm16k));
        const out = await runProgram(this.program, ['-infile', file, '-logfn', '/dev/null'], {
          timeoutMs: this.timeoutMs,
        });
        return joinUtterances(out.toString('utf8'));
      }),
    );
  }
}

/** Joins pocketsphinx's one-line-per-utterance output into one trimmed transcript. */
export function joinUtterances(stdout: string): string {
  return stdout
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
