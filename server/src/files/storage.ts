import fs from 'node:fs/promises';
import path from 'node:path';

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
}

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
}
