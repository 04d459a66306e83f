import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webPush } from '../src/notifications/web-push.js';

/**
 * What a process loads at start (issue #50 item 4: a server's start is most of what the suites'
 * many processes cost). Libraries used only with a setting or on a rare path load then, not at start:
 * the Redis client and Socket.IO's Redis adapter (REDIS_URL), the OpenTelemetry SDK (OTEL_EXPORTER_OTLP_ENDPOINT), Stripe
 * (PAYMENTS=stripe), the WebAuthn library (a passkey ceremony), the HTML reader (read_url), nodemailer
 * (the first mail, with SMTP_URL), otplib (a second-factor step), web-push (a push, or the first
 * start's VAPID key pair: set here, as a host's keys are after its first start).
 */
const LAZY = [
  'redis',
  '@socket.io/redis-adapter',
  '@opentelemetry/sdk-trace-node',
  '@opentelemetry/exporter-trace-otlp-http',
  'stripe',
  '@simplewebauthn/server',
  'linkedom',
  'turndown',
  '@mozilla/readability',
  'nodemailer',
  'otplib',
  'web-push',
];

describe('a server process without those settings', () => {
  let app: ServerProcess;
  let dir: string;
  let loaded: Set<string>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-startup-'));
    const record = path.join(dir, 'packages.txt');
    const hook = fileURLToPath(new URL('./helpers/loaded-packages.mjs', import.meta.url));
    const vapid = webPush().generateVAPIDKeys();
    app = await startServerProcess({
      entry: 'source',
      env: {
        NODE_OPTIONS: `--import ${hook}`,
        NEURA_LOADED_PACKAGES_FILE: record,
        PAYMENTS: 'sandbox',
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
      },
    });
    // The app answers: everything its start needs has loaded.
    expect((await fetch(`${app.url}/api/`)).status).toBeLessThan(500);
    loaded = new Set(fs.readFileSync(record, 'utf8').split('\n').filter(Boolean));
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('should have loaded the libraries every request needs (the record works)', () => {
    for (const name of ['fastify', 'better-sqlite3', 'socket.io', 'zod']) expect(loaded, name).toContain(name);
  });

  it('should run kysely from its own bundle, not its ~280 modules one by one (server/build.mjs INLINED)', () => {
    expect(loaded).not.toContain('kysely');
  });

  it.each(LAZY)('should not have loaded %s', (name) => {
    expect(loaded).not.toContain(name);
  });
});
