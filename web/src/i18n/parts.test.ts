import { afterEach, describe, expect, it } from 'vitest';
import { registerPart } from './parts';
import { setLocale } from './runtime';

afterEach(async () => {
  await setLocale('en-US');
});

const loaders = (greeting: string) => ({
  es: async () => ({ hello: `${greeting} es`, nested: { bye: 'Adiós' } }),
  de: async () => ({ hello: `${greeting} de`, nested: { bye: 'Tschüss' } }),
  fr: async () => ({ hello: `${greeting} fr`, nested: { bye: 'Au revoir' } }),
  'pt-BR': async () => ({ hello: `${greeting} pt`, nested: { bye: 'Tchau' } }),
  ja: async () => ({ hello: `${greeting} ja`, nested: { bye: 'さようなら' } }),
  ar: async () => ({ hello: `${greeting} ar`, nested: { bye: 'وداعا' } }),
});

describe('registerPart', () => {
  it('writes the active locale into a part registered late, and follows every switch, nested objects in place', async () => {
    await setLocale('de');
    const target = { hello: 'Hello', nested: { bye: 'Bye' } };
    const kept = target.nested;
    await registerPart('late-part', target, loaders('Hallo'));
    expect(target.hello).toBe('Hallo de');
    expect(kept.bye).toBe('Tschüss');
    await setLocale('ja');
    expect(kept.bye).toBe('さようなら');
    await setLocale('en-US');
    expect(target).toEqual({ hello: 'Hello', nested: { bye: 'Bye' } });
    await setLocale('en-XA');
    expect(target.hello).not.toBe('Hello');
    expect(target.hello.length).toBeGreaterThan('Hello'.length);
  });

  it('registers a name once: the second call keeps the first target', async () => {
    const first = { hello: 'One', nested: { bye: 'Bye' } };
    const second = { hello: 'Two', nested: { bye: 'Bye' } };
    await registerPart('once-part', first, loaders('Uno'));
    await registerPart('once-part', second, loaders('Dos'));
    await setLocale('es');
    expect(first.hello).toBe('Uno es');
    expect(second.hello).toBe('Two');
  });
});
