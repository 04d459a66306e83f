import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

const webPublic = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/public');

describe('native app: supported client range', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SUPPORTED_CLIENT_RANGE: '>=2.1.0 <3.0.0' });
  });
  afterAll(() => t.stop());

  it('should answer GET / with the configured range, so operators can force an update', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/' });
    expect(res.json()).toMatchObject({ message: 'OK', supportedClientRange: '>=2.1.0 <3.0.0' });
  });

  it('should refuse a range that is not semver at start-up', () => {
    expect(() => loadConfig({ SUPPORTED_CLIENT_RANGE: 'soon' })).toThrow(ConfigError);
    expect(() => loadConfig({ SUPPORTED_CLIENT_RANGE: 'soon' })).toThrow(/SUPPORTED_CLIENT_RANGE/);
  });

  // semver reads these, but the native app could not judge them the same way (contract/src/version-range.ts).
  it.each(['2.x', '>= 2 <3', '>=2.0.0 <2.5.0 || >=3.0.0'])(
    'should refuse %j at start-up, naming the variable',
    (range) => {
      expect(() => loadConfig({ SUPPORTED_CLIENT_RANGE: range })).toThrow(
        /SUPPORTED_CLIENT_RANGE.*not a comparator of a full version/,
      );
    },
  );

  it('should refuse a range no version satisfies at start-up', () => {
    expect(() => loadConfig({ SUPPORTED_CLIENT_RANGE: '>=3.0.0 <2.0.0' })).toThrow(
      /SUPPORTED_CLIENT_RANGE.*no version/,
    );
  });

  it('should accept a space after an operator, as semver does', () => {
    expect(loadConfig({ SUPPORTED_CLIENT_RANGE: '>= 2.1.0 < 3.0.0' }).SUPPORTED_CLIENT_RANGE).toBe('>= 2.1.0 < 3.0.0');
  });
});

describe('native app: cross-origin API calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ CORS_ORIGINS: 'https://app.partner.example' });
  });
  afterAll(() => t.stop());

  const preflight = (origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/api/users/me/chats',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,client-version',
      },
    });

  it.each(['https://localhost', 'capacitor://localhost', 'https://app.partner.example'])(
    'should answer the preflight of %s with the allowed headers',
    async (origin) => {
      const res = await preflight(origin);
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(String(res.headers['access-control-allow-headers'])).toContain('Client-Version');
      expect(String(res.headers['access-control-allow-headers'])).toContain('Authorization');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    },
  );

  it('should give other origins no CORS headers', async () => {
    const res = await preflight('https://evil.example');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const get = await t.app.inject({ method: 'GET', url: '/api/', headers: { origin: 'https://evil.example' } });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("should let the native app read the API's answers", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/', headers: { origin: 'capacitor://localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('capacitor://localhost');
    expect(res.headers.vary).toContain('Origin');
  });

  it('should refuse CORS_ORIGINS that are not origins', () => {
    expect(() => loadConfig({ CORS_ORIGINS: 'not a url' })).toThrow(/CORS_ORIGINS/);
  });
});

describe('GET /outdated.html', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app shell</title>');
    fs.copyFileSync(path.join(webPublic, 'outdated.html'), path.join(dist, 'outdated.html'));
    t = await startTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.stop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('should serve the static update page with store links, not the app shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/outdated.html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Please update Neura');
    expect(res.body).toContain('href="https://play.google.com/store/apps/details?id=ai.neura.app"');
    expect(res.body).toContain('href="https://apps.apple.com/"');
    expect(res.body).not.toContain('app shell');
  });
});
