import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The built web app's files as the server hands them out (one wildcard route, looked up per request). */
describe('the web app’s files', () => {
  let t: TestApp;
  let web: string;
  const INDEX = '<!doctype html><html><head><title>Neura</title></head><body><div id="root"></div></body></html>';
  const WORKER = 'self.addEventListener("fetch", () => undefined);';
  const ICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';

  beforeAll(async () => {
    web = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-web-'));
    fs.mkdirSync(path.join(web, 'assets'));
    fs.mkdirSync(path.join(web, 'icons'));
    fs.writeFileSync(path.join(web, 'index.html'), INDEX);
    fs.writeFileSync(path.join(web, 'sw.js'), WORKER);
    fs.writeFileSync(path.join(web, 'icons', 'icon.svg'), ICON);
    fs.writeFileSync(path.join(web, 'assets', 'photo-9.png'), Buffer.alloc(2048, 7));
    t = await startTestApp({ WEB_DIST_DIR: web });
    // Added after the start: a file is looked up when it is asked for, not listed at start.
    fs.writeFileSync(path.join(web, 'manifest.webmanifest'), '{"name":"Neura"}');
  });
  afterAll(async () => {
    await t?.stop();
    fs.rmSync(web, { recursive: true, force: true });
  });

  const request = (url: string, method: 'GET' | 'HEAD' | 'POST' = 'GET') => t.app.inject({ method, url });

  it('should serve the files at the root and in folders, revalidated each time; hashed assets cached for a year', async () => {
    const worker = await request('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.body).toBe(WORKER);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const icon = await request('/icons/icon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.body).toBe(ICON);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    const photo = await request('/assets/photo-9.png');
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.length).toBe(2048);
    expect(photo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await request('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.body).toBe('{"name":"Neura"}');
    const head = await request('/sw.js', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
  });

  it('should answer the app for pages and folders, a 404 for a missing asset, and JSON for the API', async () => {
    for (const url of ['/chat/abc', '/icons/', '/icons', '/settings?tab=1']) {
      const page = await request(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(INDEX);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
    const asset = await request('/assets/missing-0.js');
    expect(asset.statusCode).toBe(404);
    expect(asset.body).toBe('Not found');
    const api = await request('/api/no-such-route');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'not-found' });
    const post = await request('/sw.js', 'POST');
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ code: 'not-found' });
  });

  it('should never hand out a file outside the build', async () => {
    const secret = path.join(path.dirname(web), `${path.basename(web)}-secret.txt`);
    fs.writeFileSync(secret, 'top secret');
    try {
      for (const url of [
        `/..%2f${path.basename(secret)}`,
        `/../${path.basename(secret)}`,
        `/icons/..%2f..%2f${path.basename(secret)}`,
        '/..%2f..%2f..%2fetc%2fpasswd',
      ]) {
        const res = await request(url);
        expect(res.body, url).not.toContain('top secret');
        expect(res.body, url).not.toContain('root:');
      }
    } finally {
      fs.rmSync(secret, { force: true });
    }
  });
});
