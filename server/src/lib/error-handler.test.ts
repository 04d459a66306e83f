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

  it('should answer an expected error with its { message, code } and the request id', async () => {
    const app = await appWith();
    const res = await app.inject({ method: 'GET', url: '/refused' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Not now.', code: 'conflict', requestId: 'req-1' });
  });

  it('should add the request id to an error body a route or the not-found handler built itself', async () => {
    const app = Fastify({ logger: false, genReqId: () => 'req-own' });
    installErrorHandler(app);
    app.get('/own', async (_request, reply) =>
      reply.code(400).send({ message: 'Not like that.', code: 'request:invalid' }),
    );
    app.get('/fine', async () => ({ message: 'hello', code: 'not an error' }));
    app.setNotFoundHandler(async (_request, reply) =>
      reply.code(404).send({ message: 'Not found.', code: 'not-found' }),
    );
    await app.ready();
    const own = await app.inject({ method: 'GET', url: '/own' });
    expect(own.json()).toEqual({ message: 'Not like that.', code: 'request:invalid', requestId: 'req-own' });
    const missing = await app.inject({ method: 'GET', url: '/nothing-here' });
    expect(missing.json()).toEqual({ message: 'Not found.', code: 'not-found', requestId: 'req-own' });
    // A success that happens to have the same fields is left alone.
    expect((await app.inject({ method: 'GET', url: '/fine' })).json()).toEqual({
      message: 'hello',
      code: 'not an error',
    });
  });

  it('should tell database and Redis errors apart, and ignore others', () => {
    expect(dependencyOf(Object.assign(new Error('busy'), { code: 'SQLITE_BUSY' }))).toBe('database');
    expect(dependencyOf(Object.assign(new Error('x'), { code: '23505', severity: 'ERROR' }))).toBe('database');
    expect(dependencyOf(Object.assign(new Error('Socket closed unexpectedly'), {}))).toBe('redis');
    expect(dependencyOf(new Error('plain'))).toBeUndefined();
    expect(dependencyOf('text')).toBeUndefined();
  });
});
