import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { named } from './plugin-name.js';

describe('named', () => {
  it('should give a plugin the name Fastify reports, keeping its routes and scope', async () => {
    const app = Fastify();
    let name = '';
    await app.register(
      named('greeting routes', async (scope) => {
        name = scope.pluginName;
        scope.decorate('scoped', true);
        scope.get('/hello', async () => ({ hello: 'world' }));
      }),
    );
    await app.ready();
    expect(name).toBe('greeting routes');
    // Still its own scope (unlike fastify-plugin): the decoration stays inside it.
    expect(app.hasDecorator('scoped')).toBe(false);
    expect((await app.inject({ url: '/hello' })).json()).toEqual({ hello: 'world' });
    await app.close();
  });
});
