import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, OutboundAllowList } from '../src/skills/http/address-policy.js';
import { SafeHttpClient, SafeHttpError } from '../src/skills/http/safe-client.js';

/**
 * The SSRF corpus: every spelling of a private target, redirects into them, a gzip bomb and other
 * schemes are refused, and the server standing in for an internal service records zero hits.
 */

interface Server {
  server: http.Server;
  port: number;
  hits: number;
}

async function listen(handler: http.RequestListener, host: string): Promise<Server> {
  const state = { hits: 0 } as Server;
  const server = http.createServer((req, res) => {
    state.hits++;
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  state.server = server;
  state.port = (server.address() as AddressInfo).port;
  return state;
}

const close = (s: Server) =>
  new Promise<void>((r) => {
    s.server.closeAllConnections();
    s.server.close(() => r());
  });

describe('SSRF-safe client', () => {
  let trap: Server;
  let allowed: Server;
  let client: SafeHttpClient;
  const bomb = zlib.gzipSync(Buffer.alloc(60 * 1024 * 1024, 0x61));

  beforeAll(async () => {
    // Dual-stack: reachable as 127.0.0.1, ::1 and ::ffff:127.0.0.1. It must never be reached.
    trap = await listen((_req, res) => res.end('internal secret'), '::');
    allowed = await listen((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const to = url.searchParams.get('to');
      if (url.pathname === '/redirect' && to) {
        res.writeHead(302, { location: to.replace('TRAP', String(trap.port)) });
        res.end();
      } else if (url.pathname === '/loop') {
        const n = Number(url.searchParams.get('n') ?? 0);
        res.writeHead(302, { location: `/loop?n=${n + 1}` });
        res.end();
      } else if (url.pathname === '/bomb') {
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip', 'content-length': bomb.length });
        res.end(bomb);
      } else if (url.pathname === '/slow') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('a');
      } else if (url.pathname === '/hop') {
        res.writeHead(301, { location: '/page' });
        res.end();
      } else {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<title>ok</title>');
      }
    }, '127.0.0.1');
    client = new SafeHttpClient(new OutboundAllowList([`127.0.0.1:${allowed.port}`]));
  });

  afterAll(async () => {
    await client.close();
    await close(trap);
    await close(allowed);
  });

  const refusal = async (url: string, reason?: SafeHttpError['reason']) => {
    const error = await client.request(url, { timeoutMs: 5000 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error, url).toBeInstanceOf(SafeHttpError);
    if (reason) expect((error as SafeHttpError).reason, url).toBe(reason);
    return error as SafeHttpError;
  };

  it('should fetch an allowed target and follow a redirect that stays allowed', async () => {
    const page = await client.request(`http://127.0.0.1:${allowed.port}/hop`);
    expect(page.status).toBe(200);
    expect(page.url).toBe(`http://127.0.0.1:${allowed.port}/page`);
    expect(page.body.toString()).toBe('<title>ok</title>');
  });

  it('should refuse every spelling of loopback, private, mapped and reserved addresses', async () => {
    const P = trap.port;
    const corpus = [
      `http://127.0.0.1:${P}/`,
      `http://localhost:${P}/`,
      `http://LOCALHOST:${P}/`,
      `http://127.1:${P}/`,
      `http://127.0.1:${P}/`,
      `http://2130706433:${P}/`,
      `http://0x7f.1:${P}/`,
      `http://0x7f000001:${P}/`,
      `http://017700000001:${P}/`,
      `http://0177.0.0.1:${P}/`,
      `http://[::1]:${P}/`,
      `http://[0:0:0:0:0:0:0:1]:${P}/`,
      `http://[::ffff:127.0.0.1]:${P}/`,
      `http://[::ffff:7f00:1]:${P}/`,
      `http://[64:ff9b::7f00:1]:${P}/`,
      `http://[::]:${P}/`,
      `http://0.0.0.0:${P}/`,
      `http://0:${P}/`,
      `https://127.0.0.1:${P}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/',
      'http://[fe80::1]/',
      'http://100.64.0.1/',
      'http://10.0.0.1/',
      'http://172.16.0.1/',
      'http://192.168.1.1/',
      'http://192.0.0.1/',
      'http://198.18.0.1/',
      'http://240.0.0.1/',
      'http://255.255.255.255/',
      'http://224.0.0.1/',
      'http://[2002:7f00:1::]/',
      'http://[2001::1]/',
    ];
    for (const url of corpus) await refusal(url, 'blocked');
    expect(trap.hits).toBe(0);
  });

  it('should refuse redirects to loopback and mapped addresses at every hop', async () => {
    const targets = [
      'http://127.0.0.1:TRAP/',
      'http://localhost:TRAP/',
      'http://[::ffff:127.0.0.1]:TRAP/',
      'http://[::1]:TRAP/',
      'http://2130706433:TRAP/',
      'http://0.0.0.0:TRAP/',
      'http://169.254.169.254/',
    ];
    for (const to of targets) {
      await refusal(`http://127.0.0.1:${allowed.port}/redirect?to=${encodeURIComponent(to)}`, 'blocked');
    }
    await refusal(`http://127.0.0.1:${allowed.port}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`, 'scheme');
    expect(trap.hits).toBe(0);
  });

  it('should stop after five redirects', async () => {
    await refusal(`http://127.0.0.1:${allowed.port}/loop`, 'redirects');
  });

  it('should refuse file: and other schemes before any connection', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://127.0.0.1/',
      'data:text/plain,hello',
      'javascript:alert(1)',
      'gopher://127.0.0.1:70/',
      'ws://127.0.0.1/',
      'blob:http://x/1',
    ]) {
      await refusal(url, 'scheme');
    }
    await refusal('not a url', 'bad-url');
  });

  it('should stop a 60 MB gzip bomb at the decompressed size cap', async () => {
    const error = await refusal(`http://127.0.0.1:${allowed.port}/bomb`, 'too-large');
    expect(error.message).toContain('larger than');
  });

  it('should give up on a server that never finishes its answer', async () => {
    const error = await client.request(`http://127.0.0.1:${allowed.port}/slow`, { timeoutMs: 300 }).catch((e) => e);
    expect(error).toBeInstanceOf(SafeHttpError);
    expect((error as SafeHttpError).reason).toBe('timeout');
  });
});

describe('address policy', () => {
  it('should allow only public unicast addresses', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '127.0.0.1',
      '::1',
      '::ffff:10.0.0.1',
      '0.0.0.0',
      '::',
      '169.254.1.1',
      '100.100.0.1',
      'fc00::1',
      'nonsense',
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });

  it('should parse OUTBOUND_ALLOW entries and ignore malformed ones', () => {
    const list = OutboundAllowList.parse(' 127.0.0.1:8080 , [::1]:9000, bad, intranet.local:443 ');
    expect(list.size).toBe(3);
    expect(list.allows('127.0.0.1', 8080)).toBe(true);
    expect(list.allows('[::1]', 9000)).toBe(true);
    expect(list.allows('INTRANET.local', 443)).toBe(true);
    expect(list.allows('127.0.0.1', 8081)).toBe(false);
  });
});
