import { startFakeServer } from '@neura/test-kit/fakes/http';
import { makeImage } from '@neura/test-kit/images';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, startTestCluster, type TestApp, type TestCluster } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateToken, hashToken } from '../../src/auth/tokens.js';
import { describeOnceWithServices } from '../helpers/services-env.js';

/**
 * M2 (issue #40): an image-proxy link is a capability of one login session for a while — its
 * expiry is inside the signature, it dies with the session (logout, account deletion) — minting is
 * limited per account (atomically, across processes), one URL is fetched once however many ask at
 * the same time, and a refusal is remembered instead of fetched again.
 */

/** An outside host: `/slow.png` waits until `release()`, `/missing.png` is a 404, `/text.png` is no image. */
async function outsideHost(png: Buffer) {
  let release: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const server = await startFakeServer(async (request, res) => {
    const name = request.url.pathname;
    if (name === '/slow.png') await gate;
    if (name === '/missing.png') {
      res.writeHead(404);
      res.end();
    } else if (name === '/text.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end('not an image at all');
    } else {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(png);
    }
  });
  return {
    server,
    release: () => release(),
    rearm: () => {
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
    },
    /** Requests the host got for a path. */
    count: (pathname: string) => server.requests.filter((r) => r.url.pathname === pathname).length,
  };
}

const mint = (t: TestApp, urls: string[], token: string, ip = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: `${t.apiPrefix}/media/image-links`,
    payload: { urls },
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: ip,
  });
const linkOf = async (t: TestApp, url: string, token: string) => {
  const res = await mint(t, [url], token);
  expect(res.statusCode).toBe(200);
  return (res.json() as { links: string[] }).links[0] as string;
};
const get = (t: TestApp, link: string) => t.app.inject({ method: 'GET', url: link });

describe('image-proxy links (M2)', () => {
  let t: TestApp;
  let host: Awaited<ReturnType<typeof outsideHost>>;
  let png: Buffer;

  beforeAll(async () => {
    png = await makeImage(4, 4);
    host = await outsideHost(png);
    t = await startTestApp({
      OUTBOUND_ALLOW: host.server.hostPort,
      IMAGE_LINK_TTL_HOURS: '2',
      IMAGE_LINKS_PER_HOUR: '60',
      IMAGE_PROXY_REFUSAL_SECONDS: '300',
    });
  });
  afterAll(async () => {
    await t?.stop();
    await host?.server.close();
  });

  it('should sign an expiry into each link and refuse it once expired or when the expiry is changed', async () => {
    const user = await t.seed.user();
    const link = await linkOf(t, `${host.server.url}/pixel.png?n=expiry`, user.token);
    const expires = Number(new URL(link, 'http://x').searchParams.get('expires'));
    // IMAGE_LINK_TTL_HOURS=2, rounded up to the hour.
    expect(expires * 1000).toBeGreaterThan(Date.now() + 2 * 3_600_000 - 1000);
    expect(expires * 1000).toBeLessThanOrEqual(Date.now() + 3 * 3_600_000);
    expect((await get(t, link)).statusCode).toBe(200);
    // The same link made three hours ago has expired.
    const old = t.drive.imageProxy.link(
      `${host.server.url}/pixel.png?n=old`,
      user.sessionId,
      Date.now() - 3 * 3_600_000,
    );
    const before = host.server.requests.length;
    expect((await get(t, old as string)).statusCode).toBe(404);
    // A later expiry written into a link breaks its signature.
    expect((await get(t, link.replace(/expires=\d+/, `expires=${expires + 3600 * 24 * 365}`))).statusCode).toBe(404);
    expect(host.server.requests.length).toBe(before);
  });

  it("should refuse a link after its session's logout and after the account's deletion, not after another session's logout", async () => {
    const user = await t.seed.user({ password: 'a long and quiet river' });
    const otherToken = generateToken();
    await t.seed.session(user.id, hashToken(otherToken), 'test');
    const link = await linkOf(t, `${host.server.url}/pixel.png?n=logout`, user.token);
    const otherLink = await linkOf(t, `${host.server.url}/pixel.png?n=logout`, otherToken);
    expect((await get(t, link)).statusCode).toBe(200);
    expect((await get(t, otherLink)).statusCode).toBe(200);

    const logout = await t.app.inject({
      method: 'POST',
      url: `${t.apiPrefix}/users/logout`,
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await get(t, otherLink)).statusCode).toBe(404);
    // The session that minted `link` is still signed in.
    expect((await get(t, link)).statusCode).toBe(200);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `${t.apiPrefix}/users/me`,
      headers: { authorization: `Bearer ${user.token}` },
      payload: { password: 'a long and quiet river' },
    });
    expect(del.statusCode).toBe(200);
    expect((await get(t, link)).statusCode).toBe(404);
  });

  it('should limit the links one account mints per hour, counting parallel batches atomically', async () => {
    const user = await t.seed.user();
    const other = await t.seed.user();
    const batch = (n: number, tag: string) =>
      Array.from({ length: n }, (_, i) => `${host.server.url}/pixel.png?${tag}=${i}`);
    // 12 parallel batches of 10 links, from different addresses, against 60 an hour: 6 answered.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => mint(t, batch(10, `b${i}`), user.token, `10.50.0.${i}`)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    const refused = answers.find((a) => a.statusCode === 429);
    expect(refused?.json()).toMatchObject({ code: 'rate-limited', message: expect.stringMatching(/this hour/) });
    expect((await mint(t, batch(1, 'late'), user.token, '10.50.1.1')).statusCode).toBe(429);
    // What is not a link is not counted; another account is not held back.
    expect((await mint(t, ['javascript:alert(1)'], user.token, '10.50.1.2')).statusCode).toBe(200);
    expect((await mint(t, batch(10, 'other'), other.token, '10.50.1.3')).statusCode).toBe(200);
  });

  it('should fetch an uncached URL once for 20 requests at the same time', async () => {
    const user = await t.seed.user();
    const link = await linkOf(t, `${host.server.url}/slow.png?n=flight`, user.token);
    const answers = Promise.all(Array.from({ length: 20 }, () => get(t, link)));
    // All 20 are waiting on the outside host, which has been asked once.
    await new Promise((r) => setTimeout(r, 200));
    host.release();
    const results = await answers;
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    for (const r of results) expect(r.rawPayload.equals(png)).toBe(true);
    expect(host.count('/slow.png')).toBe(1);
    host.rearm();
  });

  it('should remember a refused URL instead of fetching it again, until the refusal expires', async () => {
    const user = await t.seed.user();
    const missing = await linkOf(t, `${host.server.url}/missing.png`, user.token);
    const text = await linkOf(t, `${host.server.url}/text.png`, user.token);
    for (let i = 0; i < 5; i++) {
      expect((await get(t, missing)).statusCode).toBe(404);
      expect((await get(t, text)).statusCode).toBe(404);
    }
    expect(host.count('/missing.png')).toBe(1);
    expect(host.count('/text.png')).toBe(1);
    // IMAGE_PROXY_REFUSAL_SECONDS later it is tried again.
    expect(await t.drive.imageProxy.fetch(`${host.server.url}/missing.png`, Date.now() + 301_000)).toBeUndefined();
    expect(host.count('/missing.png')).toBe(2);
  });
});

describeOnceWithServices('image-proxy links on two processes (PostgreSQL + Redis)', () => {
  let cluster: TestCluster;
  let host: Awaited<ReturnType<typeof outsideHost>>;
  beforeAll(async () => {
    host = await outsideHost(await makeImage(4, 4));
    cluster = await startTestCluster(2, {
      OUTBOUND_ALLOW: host.server.hostPort,
      IMAGE_LINKS_PER_HOUR: '30',
      FILES_URL_SECRET: 'one secret for both processes',
      REDIS_PREFIX: `imagelinks${Date.now().toString(36)}`,
    });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await host?.server.close();
  });

  it('should count the links minted on both processes together and refuse a link on both after logout', async () => {
    const [a, b] = cluster.apps as [TestApp, TestApp];
    const user: TestUser = await a.seed.user();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        mint(
          i % 2 ? b : a,
          Array.from({ length: 10 }, (_, j) => `${host.server.url}/pixel.png?c${i}=${j}`),
          user.token,
          `10.51.0.${i}`,
        ),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(5);

    const answered = answers.find((r) => r.statusCode === 200);
    const link = (answered?.json() as { links: string[] } | undefined)?.links[0] as string;
    expect((await get(a, link)).statusCode).toBe(200);
    expect((await get(b, link)).statusCode).toBe(200);
    const logout = await b.app.inject({
      method: 'POST',
      url: `${b.apiPrefix}/users/logout`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await get(a, link)).statusCode).toBe(404);
    expect((await get(b, link)).statusCode).toBe(404);
  });
});
