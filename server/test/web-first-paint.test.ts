import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/accounts.js';
import { personaRecord } from './helpers/persona-record.js';

type Json = Record<string, unknown>;

/** A built index.html as web/index.html makes it: the marker, then an early inline script. */
const EARLY_SCRIPT = "document.documentElement.classList.toggle('light', false);";
const INDEX = `<!doctype html><html><head><title>Neura</title></head><body><!--first-paint--><script>${EARLY_SCRIPT}</script><div id="root"></div></body></html>`;

/** A persona name a person could publish: it must stay text. */
const HOSTILE = `</script><script>alert(1)</script><img src=x onerror=alert(2)>"'&$&`;

const persona = (id: string, overrides: Json = {}) => personaRecord(id, ['featured'], overrides);

/** The JSON of `<script type="application/json" id="first-catalog">`, parsed. */
function pageCatalog(html: string): Json[] {
  const match = html.match(/<script type="application\/json" id="first-catalog">([\s\S]*?)<\/script>/);
  if (!match) throw new Error('no catalog block');
  return JSON.parse(match[1] as string) as Json[];
}

/** The inline scripts a browser would run (not `src`, not a data block). */
const runnableInline = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((m) => !/\bsrc=/.test(m[1] ?? '') && !/type="application\/json"/.test(m[1] ?? ''))
    .map((m) => m[2] ?? '');

describe('the first paint of Explore in index.html (issue #50)', () => {
  let t: TestApp;
  let web: string;
  let admin: TestUser;
  const hostileId = `hostile-${Date.now().toString(36)}`;

  beforeAll(async () => {
    web = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-web-'));
    fs.writeFileSync(path.join(web, 'index.html'), INDEX);
    t = await startTestApp({ WEB_DIST_DIR: web });
    admin = await t.seed.user({ password: null });
    await t.seed.updateUser(admin.id, { role: 'admin' });
    const created = await call(
      t,
      'POST',
      '/admin/personas',
      persona(hostileId, {
        name: HOSTILE,
        description: `${HOSTILE} description`,
        translations: { de: { name: 'Eule <b>', description: 'Eine weise Eule.' } },
      }),
      { token: admin.token },
    );
    expect(created.status).toBe(201);
    // First in the catalog's order, so it is among the copy's cards (before anything reads the catalog).
    await t.db.updateTable('personas').set({ sort_order: -1 }).where('id', '=', hostileId).execute();
  });
  afterAll(async () => {
    await t?.stop();
    fs.rmSync(web, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('should serve "/" with the published catalog as data and a static copy of Explore with its featured image', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('Accept-Language');
    const catalog = (await call<Json[]>(t, 'GET', '/personas')).body as unknown as Json[];
    // The catalog with each persona's translation for the page's language only (here none: en-US).
    const withoutTranslations = (list: Json[]) => list.map(({ translations: _, ...p }) => p);
    expect(withoutTranslations(pageCatalog(res.body))).toEqual(withoutTranslations(catalog));
    expect(
      pageCatalog(res.body).every(
        (p) => p.translations === undefined || Object.keys(p.translations as Json).length === 0,
      ),
    ).toBe(true);
    expect(res.body).toMatch(/<div id="first-paint" aria-hidden="true" data-locale="en-US" lang="en-US" dir="ltr"/);
    // The first featured card's image loads at once: it is the page's largest paint.
    const first = catalog.find((p) => (p.tags as string[]).includes('featured'));
    expect(res.body).toContain(
      `<img src="${t.apiPrefix}/personas/${first?.id}/background.webp" alt="" fetchpriority="high"`,
    );
    // Nothing in the copy can be focused or clicked through to (it is a picture of the page).
    const paint = res.body.slice(
      res.body.indexOf('<div id="first-paint"'),
      res.body.indexOf('<script type="application/json"'),
    );
    expect(paint).not.toMatch(/<(a|button|input|select|textarea)\b|tabindex/i);
  });

  it('should keep a person’s persona name as text: no markup, no script, in the copy or in the data', async () => {
    const res = await get('/');
    // The only runnable inline script is index.html's own (hashed in the policy).
    expect(runnableInline(res.body)).toEqual([EARLY_SCRIPT]);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain(
      '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&quot;&#39;&amp;$&amp;',
    );
    expect(pageCatalog(res.body).find((p) => p.id === hostileId)?.name).toBe(HOSTILE);
    const hash = createHash('sha256').update(EARLY_SCRIPT, 'utf8').digest('base64');
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}'`);
  });

  it('should paint the names in the browser’s language, right to left for Arabic', async () => {
    const de = await get('/', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect(de.body).toContain('data-locale="de" lang="de" dir="ltr"');
    expect(de.body).toContain('Eule &lt;b&gt;');
    expect(de.body).toContain('Eine weise Eule.');
    const hostile = pageCatalog(de.body).find((p) => p.id === hostileId);
    expect(hostile?.translations).toEqual({ de: { name: 'Eule <b>', description: 'Eine weise Eule.' } });
    const ar = await get('/', { 'accept-language': 'ar' });
    expect(ar.body).toContain('data-locale="ar" lang="ar" dir="rtl"');
    const unknown = await get('/', { 'accept-language': 'xx-YY' });
    expect(unknown.body).toContain('data-locale="en-US"');
  });

  it('should leave every other page, and the file the service worker keeps, as index.html is', async () => {
    for (const url of ['/settings', '/chats/abc', '/p/some-persona', '/index.html']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('should send the page compressed to a browser that takes it (it is tens of KB as it is)', async () => {
    const plain = await get('/');
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBeLessThan(plain.body.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('should show a change to the catalog on the next load', async () => {
    const id = `late-${Date.now().toString(36)}`;
    const created = await call(t, 'POST', '/admin/personas', persona(id, { name: 'Late Owl' }), {
      token: admin.token,
    });
    expect(created.status).toBe(201);
    const res = await get('/');
    expect(pageCatalog(res.body).some((p) => p.id === id)).toBe(true);
  });
});
