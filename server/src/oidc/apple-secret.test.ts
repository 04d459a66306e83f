import { generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { appleClientSecret } from './apple-secret.js';

describe("Apple's client secret", () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

  it('should be an ES256 JWT Apple can verify with the key, for five minutes', () => {
    const jwt = appleClientSecret(
      { teamId: 'TEAM123456', keyId: 'KEY1234567', privateKey: pem },
      'ai.neura.web',
      1_700_000_000_000,
    );
    const [head, body, signature] = jwt.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toEqual({
      alg: 'ES256',
      kid: 'KEY1234567',
      typ: 'JWT',
    });
    expect(JSON.parse(Buffer.from(body, 'base64url').toString())).toEqual({
      iss: 'TEAM123456',
      iat: 1_700_000_000,
      exp: 1_700_000_300,
      aud: 'https://appleid.apple.com',
      sub: 'ai.neura.web',
    });
    const valid = verify(
      'sha256',
      Buffer.from(`${head}.${body}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    expect(valid).toBe(true);
  });

  it('should take the key from the environment (newlines as \\n) and refuse one that is not a key', () => {
    const env = { APPLE_CLIENT_ID: 'ai.neura.web', APPLE_TEAM_ID: 'TEAM123456', APPLE_KEY_ID: 'KEY1234567' };
    const apple = loadConfig({ ...env, APPLE_PRIVATE_KEY: pem.replace(/\n/g, '\\n') }).oidcProviders[0];
    expect(apple).toMatchObject({ id: 'apple', formPost: true, appleKey: { teamId: 'TEAM123456' } });
    expect(() => loadConfig({ ...env, APPLE_PRIVATE_KEY: 'not a key' })).toThrow(/APPLE_PRIVATE_KEY/);
  });
});
