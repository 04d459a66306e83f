import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text assets worth compressing, with the type they are served as. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
/** Smaller files gain nothing worth a header. */
const MIN_BYTES = 1024;

export interface CompressedAsset {
  type: string;
  size: number;
  br?: Buffer;
  gzip?: Buffer;
}

/** Per file (path, size, mtime): tests and restarts in one process compress each build once. */
const cache = new Map<string, Promise<CompressedAsset | undefined>>();

async function compress(file: string, stat: fs.Stats): Promise<CompressedAsset | undefined> {
  const type = TYPES[path.extname(file)];
  if (!type || stat.size < MIN_BYTES) return undefined;
  const raw = await fs.promises.readFile(file);
  // Brotli at quality 5: within 10 % of its best for this JS at a thirtieth of the time (startup).
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    }),
    gzip(raw, { level: 9 }),
  ]);
  const worth = (b: Buffer) => (b.length < raw.length * 0.9 ? b : undefined);
  const asset: CompressedAsset = { type, size: raw.length, br: worth(br), gzip: worth(gz) };
  return asset.br || asset.gzip ? asset : undefined;
}

export interface CompressedAssets {
  /** The compressed copies of the asset at a URL path (`/assets/index-abc.js`), if it has any. */
  get(urlPath: string): Promise<CompressedAsset | undefined>;
}

/**
 * Brotli and gzip copies of the built web app's hashed assets (`assets/`), made in libuv's thread
 * pool on an asset's first request and kept (keyed by its file name, `index-abc.js`). Not at
 * start: a start paid for all ~290 scripts and styles (2.2 MB: ~0.75 s of CPU on a 2.1 GHz core, and
 * it held `listen` back), and a process (each test's app, a restarted server) is asked for a few of
 * them; the first request of one waits for its copies (~10–20 ms for the entry). The build output
 * itself stays as it is (the native shells copy it).
 */
export async function compressAssets(distDir: string): Promise<CompressedAssets> {
  const dir = path.join(distDir, 'assets');
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    names = [];
  }
  const known = new Set(names.filter((name) => TYPES[path.extname(name)] !== undefined));
  const out = new Map<string, Promise<CompressedAsset | undefined>>();
  const copies = async (file: string): Promise<CompressedAsset | undefined> => {
    const stat = await fs.promises.stat(file);
    if (!stat.isFile()) return undefined;
    const key = `${file}:${stat.size}:${stat.mtimeMs}`;
    let pending = cache.get(key);
    if (!pending) {
      pending = compress(file, stat).catch(() => undefined);
      cache.set(key, pending);
    }
    return pending;
  };
  return {
    get(urlPath) {
      const name = urlPath.startsWith('/assets/') ? urlPath.slice('/assets/'.length) : '';
      if (!known.has(name)) return Promise.resolve(undefined);
      let pending = out.get(name);
      if (!pending) {
        pending = copies(path.join(dir, name)).catch(() => undefined);
        out.set(name, pending);
      }
      return pending;
    },
  };
}

/** The best encoding the client accepts among those the asset has (`br`, then `gzip`). */
export function pickEncoding(acceptEncoding: string | undefined, asset: CompressedAsset): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...params] = part.toLowerCase().split(';');
    const name = rawName?.trim();
    const q = params.map((p) => p.replace(/\s+/g, '')).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (asset.br && (accepted.has('br') || accepted.has('*'))) return 'br';
  if (asset.gzip && (accepted.has('gzip') || accepted.has('*'))) return 'gzip';
  return undefined;
}
