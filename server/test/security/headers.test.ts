import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextEvent } from '../helpers/socket.js';

const INLINE = "window.__boot = 'inline';";

function directive(csp: string | undefined, name: string): string[] {
  const found = (csp ?? '')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name);
  return found ? found.slice(1) : [];
}

describe('F8: security headers and socket origins', () => {
  let t: TestApp;
  let web: string;
  let user: TestUser;

  beforeAll(async () => {
    web = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-web-'));
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(
      path.join(web, 'index.html'),
      `<!doctype html><html><head><script>${INLINE}</script><script type="module" src="/assets/app.js"></script></head><body></body></html>`,
    );
    fs.writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1)');
    t = await startTestApp({ WEB_DIST_DIR: web, PUBLIC_URL: 'https://neura.example' });
    user = await t.seed.user();
  });
  afterAll(async () => {
    await t?.stop();
    fs.rmSync(web, { recursive: true, force: true });
  });

  const get = (url: string) => fetch(`${t.url}${url}`);

  it.each(['/', '/chats/some-chat', '/assets/app.js', '/api/', '/api/users/me', '/api/no-such-route'])(
    'should send the security headers on %s',
    async (url) => {
      const res = await get(url);
      const csp = res.headers.get('content-security-policy') ?? undefined;
      expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security')).toContain('max-age=');
      const scripts = directive(csp, 'script-src');
      const fallback = directive(csp, 'default-src');
      expect([...scripts, ...fallback]).not.toContain("'unsafe-inline'");
      expect([...scripts, ...fallback]).not.toContain("'unsafe-eval'");
    },
  );

  it('should allow the app shell’s inline script by its hash only', async () => {
    const csp = (await get('/')).headers.get('content-security-policy') ?? undefined;
    const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
    expect(directive(csp, 'script-src')).toEqual(["'self'", hash]);
  });

  it('should not send HSTS when PUBLIC_URL is plain http', async () => {
    const plain = await startTestApp({ PUBLIC_URL: 'http://neura.example' });
    try {
      const res = await fetch(`${plain.url}/api/`);
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      await plain.stop();
    }
  });

  const socketFrom = (origin: string) =>
    io(`${t.url}/session`, {
      query: { token: user.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { origin },
    });

  it('should refuse a socket from a foreign origin', async () => {
    const s = socketFrom('https://evil.example');
    await nextEvent(s, 'connect_error');
    expect(s.connected).toBe(false);
    s.close();
  });

  it.each(['https://neura.example', 'https://app.neura.example', 'capacitor://localhost'])(
    'should accept a socket from %s',
    async (origin) => {
      const s = socketFrom(origin);
      await nextEvent(s, 'ready');
      s.close();
    },
  );

  it('should refuse a polling handshake from a foreign origin and grant no CORS', async () => {
    const res = await fetch(`${t.url}/socket.io/?EIO=4&transport=polling`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
