import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

/**
 * Where file bytes live. Keys are server-made (`<yyyy-mm>/<id>`), never from a request. The disk
 * store keeps them under DATA_DIR/files; with `S3_*` set, `S3FileStore` (s3-store.ts) keeps them in an
 * S3-compatible bucket.
 */
export interface FileStore {
  put(key: string, bytes: Buffer): Promise<void>;
  /** undefined when the key holds nothing. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * The bytes as a stream with their size, never whole in memory (the data archive); undefined
   * when the key holds nothing. A store without it is read with `get` (`openStored`).
   */
  open?(key: string): Promise<StoredStream | undefined>;
}

/** A stored file's bytes as a stream, and how many there are. */
export interface StoredStream {
  size: number;
  stream: Readable;
}

/** The bytes of `key` as a stream: the store's own `open`, else its `get` wrapped. */
export async function openStored(store: FileStore, key: string): Promise<StoredStream | undefined> {
  if (store.open) return store.open(key);
  const bytes = await store.get(key);
  return bytes ? { size: bytes.length, stream: Readable.from([bytes]) } : undefined;
}

/** Streamed reads in chunks this large (the data archive copies whole files). */
const READ_CHUNK = 256 * 1024;

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_-]*$/;

export class DiskFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`bad storage key ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const temp = `${target}.${process.pid}.tmp`;
    await fs.writeFile(temp, bytes);
    await fs.rename(temp, target);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async open(key: string): Promise<StoredStream | undefined> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.pathOf(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      // The stream owns the handle from here (closed when it ends or is destroyed).
      return { size, stream: handle.createReadStream({ highWaterMark: READ_CHUNK }) };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
}
