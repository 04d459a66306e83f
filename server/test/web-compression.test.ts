import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding } from '../src/web/compressed-assets.js';

describe('the web app’s assets, compressed', () => {
  let t: TestApp;
  let web: string;
  const script = Array.from({ length: 800 }, (_, i) => `export const value${i} = () => "neura-${i}";`).join('\n');

  const sourceMap = JSON.stringify({ version: 3, sources: ['index.ts'], mappings: 'AAAA;'.repeat(2000) });

  beforeAll(async () => {
    web = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-web-'));
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><html><body></body></html>');
    fs.writeFileSync(path.join(web, 'assets', 'index-abc123.js'), script);
    fs.writeFileSync(path.join(web, 'assets', 'tiny-1.js'), 'console.log(1)');
    fs.writeFileSync(path.join(web, 'assets', 'index-abc123.js.map'), sourceMap);
    fs.writeFileSync(path.join(web, 'assets', 'photo-9.png'), Buffer.alloc(4096, 7));
    t = await startTestApp({ WEB_DIST_DIR: web });
  });
  afterAll(async () => {
    await t?.stop();
    fs.rmSync(web, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('should send brotli to a browser that takes it, the same bytes once decoded, cached as immutable', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBeLessThan(script.length / 3);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('should compress a source map on its first request (not at start) and answer the same bytes again', async () => {
    for (const round of [1, 2]) {
      const res = await get('/assets/index-abc123.js.map', 'br');
      expect(res.statusCode, `round ${round}`).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(sourceMap);
    }
    const gz = await get('/assets/index-abc123.js.map', 'gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(sourceMap);
    expect((await get('/assets/missing-0.js.map', 'br')).statusCode).toBe(404);
  });

  it('should compress an asset when it is first asked for, not at start', async () => {
    // Written over after the app started: what is served is the file as it is at its first request.
    const later = `${script}\nexport const later = 1;`;
    fs.writeFileSync(path.join(web, 'assets', 'later-2.js'), script);
    const app = await startTestApp({ WEB_DIST_DIR: web });
    try {
      fs.writeFileSync(path.join(web, 'assets', 'later-2.js'), later);
      const res = await app.app.inject({
        method: 'GET',
        url: '/assets/later-2.js',
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(later);
    } finally {
      await app.stop();
    }
  });

  it('should fall back to gzip, and to the plain file when nothing is accepted', async () => {
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const refusedBr = await get('/assets/index-abc123.js?v=1', 'br;q=0, gzip;q=0.8');
    expect(refusedBr.headers['content-encoding']).toBe('gzip');

    const plain = await get('/assets/index-abc123.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('should leave tiny files and pictures as they are, and answer HEAD without a body', async () => {
    const tiny = await get('/assets/tiny-1.js', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('console.log(1)');
    const png = await get('/assets/photo-9.png', 'br, gzip');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.rawPayload.length).toBe(4096);

    const head = await get('/assets/index-abc123.js', 'br', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.rawPayload.length).toBe(0);

    expect((await get('/assets/missing-0.js', 'br')).statusCode).toBe(404);
  });

  it('should read Accept-Encoding as browsers and proxies write it', () => {
    const asset = { type: 'text/javascript', size: 10, br: Buffer.from('b'), gzip: Buffer.from('g') };
    expect(pickEncoding('gzip, deflate, br', asset)).toBe('br');
    expect(pickEncoding(' GZIP ;q=1.0', asset)).toBe('gzip');
    expect(pickEncoding('br;q=0', asset)).toBeUndefined();
    expect(pickEncoding('*', asset)).toBe('br');
    expect(pickEncoding('identity', asset)).toBeUndefined();
    expect(pickEncoding('br', { ...asset, br: undefined })).toBeUndefined();
    expect(pickEncoding(undefined, asset)).toBeUndefined();
  });
});
