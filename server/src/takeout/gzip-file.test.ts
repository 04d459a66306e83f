import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GzipFile } from './gzip-file.js';

describe('GzipFile', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-gzip-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('should write a gzip file whole, compressing text and storing at level 0 what was switched to it', async () => {
    const file = path.join(dir, 'a.gz');
    const text = Buffer.from('every chat as JSON and Markdown\n'.repeat(32_000));
    const noise = randomBytes(1_000_000);
    const gzip = new GzipFile(file, 6, new AbortController().signal);
    await gzip.write(text);
    await gzip.setLevel(0);
    for (let i = 0; i < noise.length; i += 64 * 1024) await gzip.write(noise.subarray(i, i + 64 * 1024));
    await gzip.setLevel(6);
    await gzip.write(text);
    await gzip.end();

    const bytes = fs.readFileSync(file);
    expect(gunzipSync(bytes).equals(Buffer.concat([text, noise, text]))).toBe(true);
    // 2 MB of text became a few KB; the million random bytes are stored (a little framing).
    expect(bytes.length).toBeLessThan(noise.length + 64 * 1024);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('should stop on an abort, the caller deleting the file', async () => {
    const controller = new AbortController();
    const gzip = new GzipFile(path.join(dir, 'b.gz'), 6, controller.signal);
    await gzip.write(Buffer.from('start'));
    controller.abort();
    await expect(gzip.end()).rejects.toThrow(/abort/i);
  });
});
