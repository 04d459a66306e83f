import { once } from 'node:events';
import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw, constants as zlibConstants } from 'node:zlib';
import type { ByteSink } from './tar.js';

/** zlib's output chunks: fewer, larger hand-overs between the threadpool and the event loop. */
const CHUNK = 256 * 1024;
/** RFC 1952: magic, deflate, no flags, no mtime, no extra flags, OS unknown. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * A `.gz` file written as a stream (issue #40, M1): the bytes are deflated by zlib's stream, whose
 * work runs on libuv's threadpool, never on the event loop, with backpressure (`write` waits while
 * zlib is behind), and framed here with the gzip header and trailer (CRC-32 and length). Framing
 * it here, rather than with zlib's gzip mode, lets the level change between entries: zlib applies
 * `params` to deflate streams only.
 */
export class GzipFile implements ByteSink {
  private readonly deflate;
  private readonly done: Promise<void>;
  private crc = 0;
  private size = 0;
  private level: number;

  constructor(
    file: string,
    level: number,
    private readonly signal: AbortSignal,
  ) {
    this.level = level;
    this.deflate = createDeflateRaw({ level, chunkSize: CHUNK });
    const framed = new Transform({
      transform: (chunk, _encoding, callback) => callback(null, chunk),
      flush: (callback) => {
        const trailer = Buffer.alloc(8);
        trailer.writeUInt32LE(this.crc >>> 0, 0);
        trailer.writeUInt32LE(this.size % 2 ** 32, 4);
        callback(null, trailer);
      },
    });
    framed.push(HEADER);
    this.done = pipeline(this.deflate, framed, fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }), {
      signal,
    });
    // Awaited by `end`; meanwhile a failure also ends a write that waits (the race in `write`).
    this.done.catch(() => undefined);
  }

  async write(chunk: Buffer): Promise<void> {
    this.crc = crc32(chunk, this.crc);
    this.size += chunk.length;
    if (this.deflate.write(chunk)) return;
    await Promise.race([once(this.deflate, 'drain', { signal: this.signal }), this.done]);
  }

  /** The level of what is written next (zlib first flushes what it holds, in order). */
  async setLevel(level: number): Promise<void> {
    if (level === this.level) return;
    this.level = level;
    await Promise.race([
      new Promise<void>((resolve) => this.deflate.params(level, zlibConstants.Z_DEFAULT_STRATEGY, () => resolve())),
      this.done,
    ]);
  }

  /** Ends the file and waits until it is on disk. */
  async end(): Promise<void> {
    this.deflate.end();
    await this.done;
  }

  /** Stops (an error or an abort): the caller deletes the file. */
  async destroy(): Promise<void> {
    this.deflate.destroy();
    await this.done.catch(() => undefined);
  }
}
