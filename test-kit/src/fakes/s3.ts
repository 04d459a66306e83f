import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeServer } from './http.js';

/**
 * A local fake of an S3-compatible object store (path style: `/<bucket>/<key>`): PUT, GET, DELETE
 * of objects kept in memory. Like S3 it refuses requests without a SigV4 `Authorization` for the
 * expected access key, and a body whose SHA-256 differs from `x-amz-content-sha256`.
 */
export interface FakeS3 extends Omit<FakeServer, 'requests'> {
  objects: Map<string, Buffer>;
  requests: Array<{ method: string; path: string; authorization?: string }>;
}

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

export async function startFakeS3(options: { bucket: string; accessKeyId: string }): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const requests: FakeS3['requests'] = [];
  // Not the shared fake server: that one parses JSON, S3 bodies are bytes.
  const raw = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const path = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    const authorization = req.headers.authorization;
    requests.push({ method: req.method ?? 'GET', path, authorization });
    const fail = (status: number, code: string, message: string) => {
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(xmlError(code, message));
    };
    if (!authorization?.startsWith(`AWS4-HMAC-SHA256 Credential=${options.accessKeyId}/`) || !req.headers['x-amz-date'])
      return fail(403, 'AccessDenied', 'Access Denied');
    if (req.headers['x-amz-content-sha256'] !== createHash('sha256').update(body).digest('hex'))
      return fail(400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 header does not match.');
    const prefix = `/${options.bucket}/`;
    if (!path.startsWith(prefix)) return fail(404, 'NoSuchBucket', 'The specified bucket does not exist');
    const key = path.slice(prefix.length);
    if (req.method === 'PUT') {
      objects.set(key, body);
      res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      res.end();
      return;
    }
    if (req.method === 'GET') {
      const object = objects.get(key);
      if (!object) return fail(404, 'NoSuchKey', 'The specified key does not exist.');
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(object.length) });
      res.end(object);
      return;
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      res.end();
      return;
    }
    return fail(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  });
  await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
  const port = (raw.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    objects,
    requests,
    fail: () => undefined,
    close: () =>
      new Promise<void>((resolve) => {
        raw.closeAllConnections();
        raw.close(() => resolve());
      }),
  };
}
