import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError, INTERNAL_ERROR_MESSAGE } from '../errors.js';
import { dependencyOf, installErrorHandler } from './error-handler.js';

async function appWith(onDependencyError?: (d: 'database' | 'redis') => void) {
  let n = 0;
  const app = Fastify({ logger: false, genReqId: () => `req-${++n}` });
  installErrorHandler(app, onDependencyError);
  app.get('/crash', async () => {
    throw new Error('secret internals');
  });
  app.get('/db-away', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  app.get('/redis-away', async () => {
    throw Object.assign(new Error('The client is closed'), { name: 'ClientClosedError' });
  });
  app.get('/refused', async () => {
    throw new AppError('conflict', 'Not now.');
  });
  await app.ready();
  return app;
}

describe('error handler', () => {
  it('should answer an unexpected error 500 with the request id and no internals', async () => {
    const app = await appWith();
    const res = await app.inject({ method: 'GET', url: '/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: INTERNAL_ERROR_MESSAGE, code: 'internal', requestId: 'req-1' });
  });

  it('should answer a dependency away 503 with the request id, and tell which dependency', async () => {
    const seen: string[] = [];
    const app = await appWith((d) => seen.push(d));
    const db = await app.inject({ method: 'GET', url: '/db-away' });
    expect(db.statusCode).toBe(503);
    expect(db.json()).toMatchObject({ code: 'unavailable', requestId: 'req-1' });
    expect((await app.inject({ method: 'GET', url: '/redis-away' })).statusCode).toBe(503);
    expect(seen).toEqual(['database', 'redis']);
  });

  it('should keep the plain { message, code } body of an expected error', async () => {
    const app = await appWith();
    const res = await app.inject({ method: 'GET', url: '/refused' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Not now.', code: 'conflict' });
  });

  it('should tell database and Redis errors apart, and ignore others', () => {
    expect(dependencyOf(Object.assign(new Error('busy'), { code: 'SQLITE_BUSY' }))).toBe('database');
    expect(dependencyOf(Object.assign(new Error('x'), { code: '23505', severity: 'ERROR' }))).toBe('database');
    expect(dependencyOf(Object.assign(new Error('Socket closed unexpectedly'), {}))).toBe('redis');
    expect(dependencyOf(new Error('plain'))).toBeUndefined();
    expect(dependencyOf('text')).toBeUndefined();
  });
});
