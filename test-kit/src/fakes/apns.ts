import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A local Apple Push Notification service for tests: HTTP/2 over TLS (a self-signed certificate
 * for 127.0.0.1, made with openssl; `ca` is what a client trusts), `POST /3/device/{token}`
 * checked like Apple does: the provider token (ES256 JWT, `kid` = the key id, `iss` = the team,
 * `iat` within the hour) verified with the .p8 key's public half, `apns-topic`, `apns-push-type`,
 * and an `aps` body. Told to, it answers Apple's errors (`410 Unregistered`, `429
 * TooManyRequests`, `503`).
 */

export interface ApnsPush {
  token: string;
  headers: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: the app's JSON payload.
  body: any;
}

export interface FakeApns {
  /** `https://127.0.0.1:<port>`. */
  url: string;
  /** The self-signed certificate (PEM) to trust. */
  ca: string;
  /** A .p8 signing key (PEM) with its key id and team, and the topic the fake expects. */
  key: string;
  keyId: string;
  teamId: string;
  topic: string;
  received: ApnsPush[];
  /** Every request's status and reason, accepted or not. */
  attempts: Array<{ token: string; status: number; reason?: string }>;
  /** How many HTTP/2 connections were opened (one is reused). */
  connections: number;
  /** The next pushes to `token` answer this (`undefined`: 200 again). */
  answer(token: string, reply: { status: number; reason: string } | undefined): void;
  close(): Promise<void>;
}

/** The openssl command (Debian's by default). */
const OPENSSL = process.env.OPENSSL_BIN ?? 'openssl';

function selfSigned(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-apns-'));
  try {
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync(
      OPENSSL,
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2'],
        ...['-keyout', key, '-out', cert, '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      ],
      { stdio: 'ignore' },
    );
    return { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function checkProviderToken(header: string | undefined, publicKey: crypto.KeyObject, keyId: string, team: string) {
  const jwt = /^bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  const [head = '', claims = '', signature = ''] = jwt.split('.');
  const h = JSON.parse(Buffer.from(head, 'base64url').toString('utf8') || '{}');
  if (h.alg !== 'ES256' || h.kid !== keyId) return 'InvalidProviderToken';
  const signed = Buffer.from(`${head}.${claims}`);
  const sig = Buffer.from(signature, 'base64url');
  if (!crypto.verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, sig))
    return 'InvalidProviderToken';
  const c = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
  if (c.iss !== team) return 'InvalidProviderToken';
  if (Date.now() / 1000 - c.iat > 3600) return 'ExpiredProviderToken';
  return undefined;
}

export async function startFakeApns(): Promise<FakeApns> {
  const tls = selfSigned();
  const signing = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const keyId = 'ABC123DEFG';
  const teamId = 'TEAM123456';
  const topic = 'app.neura.chat';
  const answers = new Map<string, { status: number; reason: string }>();
  const received: ApnsPush[] = [];
  const attempts: FakeApns['attempts'] = [];
  const server = http2.createSecureServer({ key: tls.key, cert: tls.cert });
  const fake = { connections: 0 };
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    fake.connections++;
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const token = /^\/3\/device\/([0-9a-fA-F]+)$/.exec(String(headers[':path']))?.[1] ?? '';
      const reply = (status: number, reason?: string) => {
        attempts.push({ token, status, ...(reason ? { reason } : {}) });
        stream.respond({ ':status': status, 'apns-id': crypto.randomUUID() });
        stream.end(reason ? JSON.stringify({ reason }) : undefined);
      };
      if (headers[':method'] !== 'POST') return reply(405, 'MethodNotAllowed');
      if (!token) return reply(400, 'BadDeviceToken');
      const refused = checkProviderToken(headers.authorization, signing.publicKey, keyId, teamId);
      if (refused) return reply(403, refused);
      if (headers['apns-topic'] !== topic) return reply(400, 'DeviceTokenNotForTopic');
      if (headers['apns-push-type'] !== 'alert') return reply(400, 'InvalidPushType');
      const answer = answers.get(token);
      if (answer) return reply(answer.status, answer.reason);
      let body: ApnsPush['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return reply(400, 'PayloadEmpty');
      }
      if (!body?.aps?.alert) return reply(400, 'PayloadEmpty');
      const plain = Object.fromEntries(Object.entries(headers).filter(([k]) => !k.startsWith(':')));
      received.push({ token, headers: plain as Record<string, string>, body });
      reply(200);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(fake, {
    url: `https://127.0.0.1:${port}`,
    ca: tls.cert,
    key: signing.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    keyId,
    teamId,
    topic,
    received,
    attempts,
    answer(token: string, reply: { status: number; reason: string } | undefined) {
      if (reply) answers.set(token, reply);
      else answers.delete(token);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const session of sessions) session.destroy();
        server.close(() => resolve());
      }),
  });
}
