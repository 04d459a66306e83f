import { createPrivateKey, sign } from 'node:crypto';
import type { AppleSigningKey } from '../config/oidc.js';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Apple's client secret: an ES256 JWT signed with the Sign in with Apple key (team id as issuer,
 * the Services ID as subject), made fresh for each token request and valid five minutes, so no
 * long-lived secret needs renewing.
 */
export function appleClientSecret(key: AppleSigningKey, clientId: string, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const head = b64({ alg: 'ES256', kid: key.keyId, typ: 'JWT' });
  const body = b64({ iss: key.teamId, iat, exp: iat + 300, aud: 'https://appleid.apple.com', sub: clientId });
  const signature = sign('sha256', Buffer.from(`${head}.${body}`), {
    key: createPrivateKey(key.privateKey),
    dsaEncoding: 'ieee-p1363',
  });
  return `${head}.${body}.${signature.toString('base64url')}`;
}
