import { type FakeServer, startFakeServer } from '@neura/test-kit/fakes/http';
import { makeImage } from '@neura/test-kit/images';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appCsp } from '../../src/lib/security-headers.js';

/**
 * N4: a markdown image in a reply must not make the browser call an outside host (a prompt-injected
 * reply leaked chat text in an image URL). The page allows images from our origin only; outside
 * images come through the signed, SSRF-safe proxy.
 */
describe('outside images (N4)', () => {
  let t: TestApp;
  let outside: FakeServer;
  let trap: FakeServer;
  let user: TestUser;
  let png: Buffer;

  beforeAll(async () => {
    png = await makeImage(4, 4);
    outside = await startFakeServer((request, res) => {
      if (request.url.pathname === '/pixel.png') {
        res.writeHead(200, { 'content-type': 'image/png', 'set-cookie': 'tracker=1' });
        res.end(png);
      } else if (request.url.pathname === '/fake.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    trap = await startFakeServer((_request, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(png);
    });
    t = await startTestApp({ OUTBOUND_ALLOW: outside.hostPort });
    user = await t.seed.user();
  });
  afterAll(async () => {
    await t?.stop();
    await outside?.close();
    await trap?.close();
  });

  const links = (urls: string[], token: string | null = user.token) =>
    t.app.inject({
      method: 'POST',
      url: `${t.apiPrefix}/media/image-links`,
      payload: { urls },
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const get = (path: string) =>
    t.app.inject({ method: 'GET', url: path, headers: { referer: 'https://neura.example/c/1' } });

  it('should allow images from our own origins only in the page policy', () => {
    for (const publicUrl of [undefined, 'https://neura.example']) {
      const csp = appCsp({ PUBLIC_URL: publicUrl, RECAPTCHA_SITE_KEY: undefined }, []);
      const img = csp.split('; ').find((d) => d.startsWith('img-src')) ?? '';
      const sources = img.split(' ').slice(1);
      for (const source of sources) expect(["'self'", 'data:', 'blob:', 'https://neura.example']).toContain(source);
    }
  });

  it('should hand out proxy links to signed-in users only', async () => {
    expect((await links([`${outside.url}/pixel.png`], null)).statusCode).toBe(401);
    const res = await links([`${outside.url}/pixel.png`, 'javascript:alert(1)', 'not a url']);
    expect(res.statusCode).toBe(200);
    const answer = res.json() as { links: Array<string | null> };
    expect(answer.links[0]).toMatch(/^\/api\/media\/image\?url=.+&signature=/);
    expect(answer.links.slice(1)).toEqual([null, null]);
  });

  it('should serve an outside image through the proxy, once fetched and cached, without cookies or referrer', async () => {
    const link = (await links([`${outside.url}/pixel.png?chat=secret`])).json().links[0] as string;
    const before = outside.requests.length;
    const first = await get(link);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(first.rawPayload.equals(png)).toBe(true);
    expect((await get(link)).statusCode).toBe(200);
    const fetched = outside.requests.slice(before);
    expect(fetched).toHaveLength(1);
    expect(fetched[0]?.headers.cookie).toBeUndefined();
    expect(fetched[0]?.headers.referer).toBeUndefined();
  });

  it('should refuse a link with a wrong signature or another URL, without fetching', async () => {
    const link = (await links([`${outside.url}/pixel.png?n=1`])).json().links[0] as string;
    const before = outside.requests.length;
    expect((await get(link.replace(/signature=[^&]+/, 'signature=AAAA'))).statusCode).toBe(404);
    expect((await get(link.replace('n%3D1', 'n%3D2'))).statusCode).toBe(404);
    expect(outside.requests.length).toBe(before);
  });

  it('should refuse what is not a raster image, and private addresses', async () => {
    const [fake, inside] = (await links([`${outside.url}/fake.png`, `${trap.url}/pixel.png`])).json().links as [
      string,
      string,
    ];
    expect((await get(fake)).statusCode).toBe(404);
    expect((await get(inside)).statusCode).toBe(404);
    expect(trap.requests).toHaveLength(0);
  });
});
