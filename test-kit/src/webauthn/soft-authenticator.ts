import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software passkey authenticator for integration tests: real P-256 keys, real CBOR, real
 * WebAuthn messages (attestation "none", ES256 assertions), as a platform authenticator with user
 * verification would make them. The e2e suite uses Chromium's virtual authenticator instead.
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(n, 1);
  return b;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const b64u = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

interface Credential {
  id: Buffer;
  key: KeyObject;
  publicJwk: { x: string; y: string };
  userHandle: string;
  counter: number;
}

export interface SoftOptions {
  /** The origin the "browser" reports (defaults to the options' rp). */
  origin: string;
  /** False makes assertions without user verification (refused by the server). */
  userVerified?: boolean;
}

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  /** Answers creation options (their JSON) as `credential.toJSON()` would. */
  create(options: { challenge: string; rp: { id?: string }; user: { id: string } }, o: SoftOptions) {
    const rpId = options.rp.id ?? new URL(o.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
    const id = randomBytes(16);
    this.credentials.push({ id, key: privateKey, publicJwk: jwk, userHandle: options.user.id, counter: 0 });
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x, 'base64url')],
        [-3, Buffer.from(jwk.y, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const flags = 0x01 | (o.userVerified === false ? 0 : 0x04) | 0x40;
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      id,
      cose,
    ]);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: o.origin,
      crossOrigin: false,
    });
    return {
      id: b64u(id),
      rawId: b64u(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(clientDataJSON),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** Answers request options with the first (or the given) credential, as `toJSON()` would. */
  get(options: { challenge: string; rpId?: string }, o: SoftOptions & { credential?: number; counterStep?: number }) {
    const credential = this.credentials[o.credential ?? 0];
    if (!credential) throw new Error('no credential');
    credential.counter += o.counterStep ?? 1;
    const rpId = options.rpId ?? new URL(o.origin).hostname;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const flags = 0x01 | (o.userVerified === false ? 0 : 0x04);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([flags]), counter]);
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.get',
      challenge: options.challenge,
      origin: o.origin,
      crossOrigin: false,
    });
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.key);
    return {
      id: b64u(credential.id),
      rawId: b64u(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
