import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Web Push service (RFC 8030) and subscribers with real keys, for tests. The service
 * checks each push's VAPID JWT (RFC 8292: ES256 by the key in `k`, `aud` = the endpoint's
 * origin, `exp` within 24 h, a `sub`) and decrypts its aes128gcm body (RFC 8291 / RFC 8188) with
 * the subscriber's private key and auth secret: node:crypto ECDH P-256 + HKDF, AES-128-GCM.
 */

const b64url = (buf: Buffer) => buf.toString('base64url');

/** A browser's side of a subscription: its P-256 key pair and 16-byte auth secret. */
export interface Subscriber {
  id: string;
  endpoint: string;
  /** `PushSubscription.toJSON()` as a browser sends it. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  decrypt(body: Buffer): string;
}

/** One push the service accepted (a valid VAPID JWT and a body that decrypted). */
export interface ReceivedPush {
  subscriber: string;
  /** The VAPID public key (`k`) the push was signed with. */
  vapidKey: string;
  // biome-ignore lint/suspicious/noExplicitAny: the app's JSON payload.
  payload: any;
  ttl: string | undefined;
  urgency: string | undefined;
}

export interface FakePushService {
  url: string;
  /** `127.0.0.1:<port>`, for OUTBOUND_ALLOW. */
  hostPort: string;
  /** A new subscriber (new keys) with an endpoint on this service. */
  subscriber(): Subscriber;
  /** The pushes accepted so far. */
  received: ReceivedPush[];
  /** Every request, accepted or not, with the status answered. */
  attempts: Array<{ subscriber: string; status: number; error?: string }>;
  /** Answers `status` to the subscriber's next pushes (`undefined`: 201 again). */
  answer(subscriberId: string, status: number | undefined): void;
  close(): Promise<void>;
}

/** Decrypts one aes128gcm record (RFC 8291 §3.4: the keys from ECDH and the auth secret). */
export function decryptAes128gcm(body: Buffer, ecdh: crypto.ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const receiverPublic = ecdh.getPublicKey();
  const shared = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record: the data, the 0x02 delimiter, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks `vapid t=<jwt>, k=<key>` (RFC 8292 §3); answers the key, or throws why not. */
export function verifyVapid(header: string | undefined, audience: string, now = Date.now()): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error('no vapid authorization');
  const [, jwt = '', k = ''] = match;
  const [head = '', claims = '', signature = ''] = jwt.split('.');
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
  if (header_.alg !== 'ES256') throw new Error(`alg ${header_.alg}`);
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('bad signature');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
  if (body.aud !== audience) throw new Error(`aud ${body.aud} is not ${audience}`);
  if (typeof body.exp !== 'number' || body.exp * 1000 < now || body.exp * 1000 > now + 24 * 3600_000 + 60_000) {
    throw new Error('exp out of range');
  }
  if (typeof body.sub !== 'string' || !/^(mailto:|https:)/.test(body.sub)) throw new Error('no sub');
  return k;
}

export async function startFakePushService(): Promise<FakePushService> {
  const subscribers = new Map<string, { ecdh: crypto.ECDH; auth: Buffer }>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const attempts: FakePushService['attempts'] = [];
  let origin = '';
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
    const finish = (status: number, error?: string) => {
      attempts.push({ subscriber: id, status, ...(error ? { error } : {}) });
      res.writeHead(status).end();
    };
    const sub = subscribers.get(id);
    if (req.method !== 'POST' || !sub) return finish(404, 'no such subscription');
    const status = answers.get(id);
    if (status !== undefined) return finish(status);
    try {
      const vapidKey = verifyVapid(req.headers.authorization, origin);
      if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
      if (req.headers.ttl === undefined) throw new Error('no TTL');
      const payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), sub.ecdh, sub.auth));
      received.push({
        subscriber: id,
        vapidKey,
        payload,
        ttl: req.headers.ttl as string,
        urgency: req.headers.urgency as string | undefined,
      });
      finish(201);
    } catch (error) {
      finish(400, (error as Error).message);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    hostPort: `127.0.0.1:${port}`,
    received,
    attempts,
    subscriber() {
      const id = crypto.randomUUID();
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      subscribers.set(id, { ecdh, auth });
      const endpoint = `${origin}/push/${id}`;
      return {
        id,
        endpoint,
        json: { endpoint, expirationTime: null, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } },
        decrypt: (body) => decryptAes128gcm(body, ecdh, auth),
      };
    },
    answer(subscriberId, status) {
      if (status === undefined) answers.delete(subscriberId);
      else answers.set(subscriberId, status);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
