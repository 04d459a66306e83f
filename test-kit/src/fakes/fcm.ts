import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Firebase Cloud Messaging (HTTP v1) for tests, with Google's OAuth2 token endpoint:
 * `POST /token` takes a JWT-bearer grant (RFC 7523) signed RS256 by the service account's key
 * (checked with its public key: `iss`, `aud`, `scope`, `exp`) and answers an access token;
 * `POST /v1/projects/{id}/messages:send` checks that token and the message, and answers
 * `{ name }` — or FCM's error body (`UNREGISTERED` 404, `UNAVAILABLE` 503, …) when told to.
 */

export interface FcmMessage {
  token: string;
  notification?: { title?: string; body?: string };
  data?: Record<string, string>;
  android?: { priority?: string };
}

export interface FakeFcm {
  url: string;
  /** A service-account JSON key (a fresh RSA key) whose token_uri is this fake. */
  account: { project_id: string; client_email: string; private_key: string; token_uri: string };
  received: FcmMessage[];
  /** Token requests (accepted or not). */
  tokenRequests: Array<{ status: number; error?: string }>;
  sendStatuses: number[];
  /** The next sends to `token` answer FCM's error (`undefined`: accepted again). */
  fail(token: string, error: { status: number; code: string } | undefined): void;
  /** Every access token given so far stops working (a 401 until a new one is fetched). */
  expireTokens(): void;
  close(): Promise<void>;
}

const ERROR_STATUS: Record<number, string> = { 404: 'NOT_FOUND', 429: 'RESOURCE_EXHAUSTED', 503: 'UNAVAILABLE' };

function checkAssertion(jwt: string, publicKey: crypto.KeyObject, audience: string, email: string): void {
  const [head = '', claims = '', signature = ''] = jwt.split('.');
  const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
  if (header.alg !== 'RS256') throw new Error(`alg ${header.alg}`);
  if (!crypto.verify('sha256', Buffer.from(`${head}.${claims}`), publicKey, Buffer.from(signature, 'base64url'))) {
    throw new Error('bad signature');
  }
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
  if (body.iss !== email) throw new Error('iss');
  if (body.aud !== audience) throw new Error('aud');
  if (body.scope !== 'https://www.googleapis.com/auth/firebase.messaging') throw new Error('scope');
  const now = Date.now() / 1000;
  if (!(body.exp > now && body.exp - body.iat <= 3600 && body.iat <= now + 60)) throw new Error('exp');
}

export async function startFakeFcm(): Promise<FakeFcm> {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const access = new Set<string>();
  const failures = new Map<string, { status: number; code: string }>();
  const received: FcmMessage[] = [];
  const tokenRequests: FakeFcm['tokenRequests'] = [];
  const sendStatuses: number[] = [];
  let url = '';
  const email = 'neura-push@neura-test.iam.gserviceaccount.com';
  const projectId = 'neura-test';

  const json = (res: http.ServerResponse, status: number, body: object) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const fcmError = (res: http.ServerResponse, status: number, code?: string) => {
    sendStatuses.push(status);
    const details = code ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: code }] : [];
    json(res, status, { error: { code: status, message: code ?? 'error', status: ERROR_STATUS[status], details } });
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (req.method === 'POST' && req.url === '/token') {
      const form = new URLSearchParams(text);
      try {
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') throw new Error('grant_type');
        checkAssertion(form.get('assertion') ?? '', publicKey, `${url}/token`, email);
      } catch (error) {
        tokenRequests.push({ status: 400, error: (error as Error).message });
        return json(res, 400, { error: 'invalid_grant', error_description: (error as Error).message });
      }
      const token = `ya29.${crypto.randomBytes(18).toString('base64url')}`;
      access.add(token);
      tokenRequests.push({ status: 200 });
      return json(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
    }
    if (req.method !== 'POST' || req.url !== `/v1/projects/${projectId}/messages:send`) return fcmError(res, 404);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !access.has(bearer)) return fcmError(res, 401, 'THIRD_PARTY_AUTH_ERROR');
    const message = (JSON.parse(text) as { message?: FcmMessage }).message;
    if (!message?.token) return fcmError(res, 400, 'INVALID_ARGUMENT');
    const failure = failures.get(message.token);
    if (failure) return fcmError(res, failure.status, failure.code);
    received.push(message);
    sendStatuses.push(200);
    json(res, 200, { name: `projects/${projectId}/messages/${crypto.randomUUID()}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    account: {
      project_id: projectId,
      client_email: email,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      token_uri: `${url}/token`,
    },
    received,
    tokenRequests,
    sendStatuses,
    fail(token, error) {
      if (error) failures.set(token, error);
      else failures.delete(token);
    },
    expireTokens: () => access.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
