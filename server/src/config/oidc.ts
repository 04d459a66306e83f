import { createPrivateKey } from 'node:crypto';
import net from 'node:net';
import { ConfigError } from './fields.js';

/** One OpenID Connect provider people may sign in with (ARCHITECTURE.md "Sign-in"). */
export interface OidcProviderConfig {
  /** In the redirect URI: `/auth/oidc/{id}/callback`. */
  id: string;
  /** On the button: "Continue with {name}". */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Apple answers with `response_mode=form_post` (a POST to the callback) and has no userinfo. */
  formPost: boolean;
  /** Scopes asked for (Apple: `openid email name`). */
  scope: string;
  /** Apple: the Sign in with Apple key its client secret JWT is signed with (oidc/apple-secret.ts). */
  appleKey?: AppleSigningKey;
}

export interface AppleSigningKey {
  teamId: string;
  keyId: string;
  /** PKCS#8 PEM (the .p8 file Apple hands out). */
  privateKey: string;
}

const ID = /^[a-z0-9][a-z0-9-]{0,31}$/;

/** True for `localhost` and loopback IP literals: the only hosts an `http://` issuer may have. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (net.isIPv4(host)) return host.startsWith('127.');
  return host === '::1';
}

/** An issuer URL, or why it is refused: https, or http on a loopback host (local providers and tests). */
export function issuerProblem(issuer: string): string | undefined {
  if (!URL.canParse(issuer)) return 'issuer must be a URL';
  const url = new URL(issuer);
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return undefined;
  return 'issuer must be https:// (http:// only on a loopback host such as 127.0.0.1)';
}

const fail = (message: string): never => {
  throw new ConfigError(`Invalid configuration:\n  ${message}`);
};

function fromJson(text: string): OidcProviderConfig[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail('OIDC_PROVIDERS: must be JSON: [{ "id", "name", "issuer", "clientId", "clientSecret" }]');
  }
  if (!Array.isArray(value)) return fail('OIDC_PROVIDERS: must be a JSON array');
  return value.map((entry: unknown, i): OidcProviderConfig => {
    const e = (entry ?? {}) as Record<string, unknown>;
    for (const key of ['id', 'name', 'issuer', 'clientId', 'clientSecret']) {
      if (typeof e[key] !== 'string' || e[key] === '') fail(`OIDC_PROVIDERS[${i}].${key}: must be a non-empty string`);
    }
    return {
      id: e.id as string,
      name: e.name as string,
      issuer: e.issuer as string,
      clientId: e.clientId as string,
      clientSecret: e.clientSecret as string,
      formPost: e.formPost === true,
      scope: 'openid email profile',
    };
  });
}

/** APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY (newlines may be written `\\n`), when all are set. */
function appleSigningKey(env: Record<string, string | undefined>): AppleSigningKey | undefined {
  const { APPLE_TEAM_ID: teamId, APPLE_KEY_ID: keyId, APPLE_PRIVATE_KEY: pem } = env;
  if (!teamId || !keyId || !pem) return undefined;
  const privateKey = pem.replace(/\\n/g, '\n');
  try {
    createPrivateKey(privateKey);
  } catch {
    return fail('APPLE_PRIVATE_KEY: must be the PEM of your Sign in with Apple key (the .p8 file)');
  }
  return { teamId, keyId, privateKey };
}

/**
 * The configured providers: `OIDC_PROVIDERS` plus the Google preset (GOOGLE_CLIENT_ID/SECRET) and
 * the Apple preset (APPLE_CLIENT_ID, the Services ID, with APPLE_TEAM_ID + APPLE_KEY_ID +
 * APPLE_PRIVATE_KEY, from which each token request signs its own client secret, or a ready-made
 * APPLE_CLIENT_SECRET JWT; Apple answers by form_post and names the person only on the first
 * consent). A bad entry stops start-up.
 */
export function parseOidcProviders(env: Record<string, string | undefined>): OidcProviderConfig[] {
  const list = env.OIDC_PROVIDERS?.trim() ? fromJson(env.OIDC_PROVIDERS) : [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    list.push({
      id: 'google',
      name: 'Google',
      issuer: 'https://accounts.google.com',
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      formPost: false,
      scope: 'openid email profile',
    });
  }
  const appleKey = appleSigningKey(env);
  if (env.APPLE_CLIENT_ID && (env.APPLE_CLIENT_SECRET || appleKey)) {
    list.push({
      id: 'apple',
      name: 'Apple',
      issuer: 'https://appleid.apple.com',
      clientId: env.APPLE_CLIENT_ID,
      clientSecret: env.APPLE_CLIENT_SECRET ?? '',
      formPost: true,
      scope: 'openid email name',
      ...(appleKey ? { appleKey } : {}),
    });
  }
  const seen = new Set<string>();
  for (const p of list) {
    if (!ID.test(p.id)) fail(`OIDC_PROVIDERS: id "${p.id}" must be 1–32 lower-case letters, digits or "-"`);
    if (seen.has(p.id)) fail(`OIDC_PROVIDERS: id "${p.id}" is configured twice`);
    seen.add(p.id);
    const problem = issuerProblem(p.issuer);
    if (problem) fail(`OIDC_PROVIDERS (${p.id}): ${problem}`);
  }
  return list;
}
