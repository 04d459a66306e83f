import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { newId } from '../lib/ids.js';

/**
 * Synthesised speech on disk under DATA_DIR/speech-cache, keyed by (engine, its model if it has several, voice, text hash):
 * the same reply read twice costs one synthesis. Files are written atomically (temp + rename),
 * so concurrent processes on a shared DATA_DIR never read half a file.
 */
export class TtsCache {
  constructor(private readonly dir: string) {}

  /**
   * The model is part of the key for engines that have one (another TTS_MODEL speaks differently);
   * engines without one keep the keys they always had.
   */
  key(engine: string, voice: string, text: string, model?: string): string {
    const textHash = createHash('sha256').update(text, 'utf8').digest('hex');
    const speaker = model ? `${engine}:${model}` : engine;
    return createHash('sha256').update(`${speaker}\n${voice}\n${textHash}`).digest('hex');
  }

  private file(key: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key}.audio`);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await fs.promises.readFile(this.file(key));
    } catch {
      return undefined;
    }
  }

  async put(key: string, audio: Buffer): Promise<void> {
    const target = this.file(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${newId()}.tmp`;
    await fs.promises.writeFile(temp, audio);
    await fs.promises.rename(temp, target);
  }
}
