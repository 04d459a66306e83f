/// <reference path="./oidc-provider-types.d.ts" />
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (`oidc-provider`, the certified implementation) on 127.0.0.1:0, for the
 * sign-in tests: discovery, the authorization endpoint with its own login and consent pages (the
 * library's development interactions: any login name, any password), the token endpoint (PKCE
 * required, codes used once), signed ID tokens and userinfo (where the email claims come from).
 * Accounts are made on first use from the login name: `<login>@example.test`, verified, unless
 * `setAccount` said otherwise.
 */
export interface LocalOidcProvider {
  /** The issuer (http://127.0.0.1:<port>). */
  issuer: string;
  /** `127.0.0.1:<port>`, for OUTBOUND_ALLOW. */
  hostPort: string;
  clientId: string;
  clientSecret: string;
  /** The OIDC_PROVIDERS entry for a Neura server (id `local`). */
  entry: (
    id?: string,
    name?: string,
  ) => { id: string; name: string; issuer: string; clientId: string; clientSecret: string };
  /** Registers the client's callback URLs (the provider is made now: redirect URIs are fixed per client). */
  allowRedirects: (uris: string[]) => void;
  setAccount: (
    login: string,
    claims: { email?: string; email_verified?: boolean; given_name?: string; family_name?: string },
  ) => void;
  stop: () => Promise<void>;
}

export async function startOidcProvider(): Promise<LocalOidcProvider> {
  const accounts = new Map<string, Record<string, unknown>>();
  let handler: ((req: http.IncomingMessage, res: http.ServerResponse) => void) | undefined;
  const server = http.createServer((req, res) => {
    if (handler) return handler(req, res);
    res.writeHead(503).end('no redirect URIs registered yet');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'neura-test';
  const clientSecret = 'neura-test-secret-0123456789abcdef';

  const claimsOf = (login: string) => ({
    email: `${login}@example.test`,
    email_verified: true,
    given_name: login.charAt(0).toUpperCase() + login.slice(1),
    family_name: 'Tester',
    ...accounts.get(login),
  });

  return {
    issuer,
    hostPort: `127.0.0.1:${port}`,
    clientId,
    clientSecret,
    entry: (id = 'local', name = 'Local ID') => ({ id, name, issuer, clientId, clientSecret }),
    allowRedirects(uris) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: uris,
            token_endpoint_auth_method: 'client_secret_post',
            response_types: ['code'],
            grant_types: ['authorization_code'],
          },
        ],
        async findAccount(_ctx: unknown, id: string) {
          return { accountId: id, claims: async () => ({ sub: id, ...claimsOf(id) }) };
        },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
        pkce: { required: () => true },
        features: { devInteractions: { enabled: true } },
        cookies: { keys: ['neura-test-cookie-key'] },
        ttl: { AuthorizationCode: 60, Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
      });
      handler = provider.callback();
    },
    setAccount(login, claims) {
      accounts.set(login, claims);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A tiny cookie jar: what a browser would send back to the provider. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Walks a browser through the provider from `authorizationUrl`: signs in as `login`, consents (or
 * cancels with `deny`), and answers the URL the provider sent the browser back to (the client's
 * callback with `code`/`state`, or with `error`). For form_post clients it answers the posted form
 * as `{ url, form }`.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  options: { deny?: boolean } = {},
): Promise<{ url: string; form?: Record<string, string> }> {
  const jar = new Jar();
  let url = authorizationUrl;
  const origin = new URL(authorizationUrl).origin;
  for (let step = 0; step < 12; step++) {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(response);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url).href;
      if (!next.startsWith(origin)) return { url: next };
      url = next;
      continue;
    }
    const html = await response.text();
    const formPost = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
    if (!formPost?.[1])
      throw new Error(`the provider answered ${response.status} without a form: ${html.slice(0, 300)}`);
    const action = new URL(formPost[1].replace(/&amp;/g, '&'), url).href;
    if (!action.startsWith(origin)) {
      // The form_post response mode: the browser would post these fields to the client.
      const form = Object.fromEntries(
        [...(formPost[2] ?? '').matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
      );
      return { url: action, form: form as Record<string, string> };
    }
    if (options.deny && html.includes('name="prompt" value="consent"')) {
      url = new URL(/href="([^"]*\/abort)"/.exec(html)?.[1] ?? `${action}/abort`, url).href;
      continue;
    }
    const prompt: Record<string, string> = html.includes('value="login"')
      ? { prompt: 'login', login, password: 'any' }
      : { prompt: 'consent' };
    const posted = await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(prompt),
    });
    jar.take(posted);
    const to = posted.headers.get('location');
    if (!to) throw new Error(`the provider answered ${posted.status} to the ${prompt.prompt} form`);
    url = new URL(to, action).href;
  }
  throw new Error('the provider never sent the browser back');
}
