import { afterAll, describe, expect, it } from 'vitest';
import { OutboundAllowList } from '../../src/skills/http/address-policy.js';
import { SafeHttpClient, SafeHttpError } from '../../src/skills/http/safe-client.js';

/** N14: a refused target is "not allowed", without what the name resolved to. */
describe('the SSRF guard’s answer (N14)', () => {
  const client = new SafeHttpClient(new OutboundAllowList([]));
  afterAll(async () => client.close());

  it.each(['http://localhost:1234/', 'http://127.0.0.1:1234/', 'http://[::1]:1234/', 'http://10.0.0.1/'])(
    'should say only "not allowed" for %s',
    async (url) => {
      const error = await client.request(url, { timeoutMs: 5000 }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SafeHttpError);
      expect((error as SafeHttpError).reason).toBe('blocked');
      expect((error as SafeHttpError).message).toBe('That address is not allowed.');
    },
  );
});
