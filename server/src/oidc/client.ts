import * as client from 'openid-client';
import { isLoopbackHost, type OidcProviderConfig } from '../config/oidc.js';
import type { SafeHttpClient } from '../skills/http/safe-client.js';
import { appleClientSecret } from './apple-secret.js';

/**
 * openid-client's HTTP through the SSRF-safe client: discovery, the token and the userinfo calls
 * all go out there (an issuer's metadata names the endpoints, so they are checked like any URL).
 */
export function safeFetch(safe: SafeHttpClient): client.CustomFetch {
  return async (url, options) => {
    const body = options.body;
    const text =
      body === undefined || body === null
        ? undefined
        : typeof body === 'string'
          ? body
          : body instanceof URLSearchParams
            ? body.toString()
            : Buffer.from(body as Uint8Array).toString('utf8');
    const response = await safe.request(url, {
      method: options.method,
      headers: options.headers,
      timeoutMs: 10_000,
      maxBytes: 512 * 1024,
      ...(text === undefined ? {} : { body: text }),
    });
    return new Response(response.status === 204 ? null : new Uint8Array(response.body), {
      status: response.status,
      headers: response.headers,
    });
  };
}

/** client_secret_post; for Apple with its key, a freshly signed client secret JWT each time. */
function clientAuthentication(provider: OidcProviderConfig): client.ClientAuth {
  const key = provider.appleKey;
  if (!key) return client.ClientSecretPost(provider.clientSecret);
  return (_as, _client, body) => {
    body.set('client_id', provider.clientId);
    body.set('client_secret', appleClientSecret(key, provider.clientId));
  };
}

/** Discovers each provider once (again after a failure), through the safe client. */
export class ProviderConfigs {
  private readonly cache = new Map<string, Promise<client.Configuration>>();

  constructor(private readonly safe: SafeHttpClient) {}

  get(provider: OidcProviderConfig): Promise<client.Configuration> {
    let found = this.cache.get(provider.id);
    if (!found) {
      found = this.discover(provider);
      found.catch(() => this.cache.delete(provider.id));
      this.cache.set(provider.id, found);
    }
    return found;
  }

  private async discover(provider: OidcProviderConfig): Promise<client.Configuration> {
    const issuer = new URL(provider.issuer);
    const fetcher = safeFetch(this.safe);
    // config/oidc.ts refused any other http:// issuer at start-up; this is the second check.
    const insecure = issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname);
    if (issuer.protocol !== 'https:' && !insecure) throw new Error(`OIDC issuer ${provider.id} is not https`);
    const config = await client.discovery(
      issuer,
      provider.clientId,
      { client_secret: provider.clientSecret },
      clientAuthentication(provider),
      { [client.customFetch]: fetcher, timeout: 10, ...(insecure ? { execute: [client.allowInsecureRequests] } : {}) },
    );
    config[client.customFetch] = fetcher;
    return config;
  }
}
