import { judgeVersion } from '@neura/contract';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('GET {api}/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.stop());

  it('should answer OK with the version and a client range including 2.0.0', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('OK');
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(judgeVersion('2.0.0', body.supportedClientRange)).toBe('ok');
    expect(judgeVersion('3.0.0', body.supportedClientRange)).toBe('too-new');
  });

  it('should answer unknown API paths with the error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Not found.', code: 'not-found' });
  });

  it('should answer a malformed JSON body with a 400 error body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { 'content-type': 'application/json', authorization: 'Bearer x' },
      payload: '{"oops',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request:invalid');
  });

  it('should refuse a missing or unknown token with 401', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('auth:required');
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: 'Bearer nope' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('auth:invalid-token');
  });
});

describe('API_PREFIX=""', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ API_PREFIX: '' });
  });
  afterAll(() => t.stop());

  it('should mount the API at the root', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.json().message).toBe('OK');
    const personas = await t.app.inject({ method: 'GET', url: '/personas' });
    expect(personas.statusCode).toBe(200);
  });
});

describe('GET /personas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.stop());

  it('should list the seeded published personas without engine-only fields', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/personas' });
    expect(res.statusCode).toBe(200);
    const personas = res.json() as Array<Record<string, unknown>>;
    expect(personas.length).toBeGreaterThan(0);
    expect(personas.find((p) => p.id === 'default')).toBeTruthy();
    for (const p of personas) {
      expect(p.published).toBe(true);
      expect(p).not.toHaveProperty('systemPrompt');
    }
  });

  it('should answer 304 to a matching If-None-Match', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/personas' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const second = await t.app.inject({ method: 'GET', url: '/api/personas', headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
  });

  it('should never list unpublished personas', async () => {
    const records = await t.drive.personas.exportRecords();
    const first = records[0];
    if (!first) throw new Error('no seeded personas');
    await t.drive.personas.importRecords([{ ...first, id: 'hidden-one', published: false }]);
    const res = await t.app.inject({ method: 'GET', url: '/api/personas' });
    expect((res.json() as Array<{ id: string }>).some((p) => p.id === 'hidden-one')).toBe(false);
  });
});
