import { randomBytes } from 'node:crypto';
import {
  acceptLanguageTags,
  matchLocale,
  oidcConfirmRequestSchema,
  oidcRegisterRequestSchema,
  oidcTicketRequestSchema,
  RECAPTCHA_HEADER,
} from '@neura/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Origin } from '../accounts/account-deps.js';
import { parse } from '../lib/validate.js';
import { OidcFailed, type OidcService } from './service.js';

const BROWSER_COOKIE = 'neura_oidc';

/** The native shell's deep link (docs/NATIVE.md "Sign-in with a provider"). */
export const NATIVE_RETURN = 'ai.neura.app://oidc';

const origin = (request: FastifyRequest): Origin => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
  locale: matchLocale(acceptLanguageTags(request.headers['accept-language'])),
});
const limited = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };
const strings = (value: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries((value ?? {}) as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );

/**
 * `/auth/providers`, `/auth/oidc/{id}/start`, `/auth/oidc/{id}/callback` (GET, and POST for
 * form_post) and the ticket calls the web app makes after the callback. `base` is where the web
 * app is (PUBLIC_URL, or the request's own origin on a trial install).
 */
/** A passkey assertion's owner (security/ verifies it for the request's relying party). */
export type PasskeyOwner = (credential: Record<string, unknown>, request: FastifyRequest) => Promise<string>;

export const oidcRoutes =
  (
    oidc: OidcService,
    publicUrl: string | undefined,
    apiPrefix: string,
    passkeyOwner: PasskeyOwner,
  ): FastifyPluginAsync =>
  async (app) => {
    const base = (request: FastifyRequest) => publicUrl?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
    const land = (reply: FastifyReply, to: string, query: Record<string, string>) =>
      reply.header('set-cookie', cookie('', 0, false)).redirect(`${to}?${new URLSearchParams(query)}`, 303);
    // Binds a flow to the browser that started it. SameSite=None (https only) lets Apple's
    // cross-site form_post carry it; a plain-http trial install gets Lax (top-level GET returns).
    const cookie = (value: string, maxAge: number, secure: boolean) =>
      `${BROWSER_COOKIE}=${value}; Path=${apiPrefix}/auth/oidc; Max-Age=${maxAge}; HttpOnly; ${secure ? 'SameSite=None; Secure' : 'SameSite=Lax'}`;
    const browserOf = (request: FastifyRequest) =>
      /(?:^|;\s*)neura_oidc=([\w-]{20,100})/.exec(request.headers.cookie ?? '')?.[1];

    // Apple answers by form_post: the callback's POST body is a form (this plugin only).
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    app.get('/auth/providers', async () => ({ providers: oidc.list() }));

    app.get<{ Params: { id: string }; Querystring: { app?: string } }>(
      '/auth/oidc/:id/start',
      limited,
      async (request, reply) => {
        const provider = oidc.provider(request.params.id);
        const web = `${base(request)}/auth/oidc`;
        if (!provider) return land(reply, web, { error: 'failed' });
        const redirectUri = `${base(request)}${apiPrefix}/auth/oidc/${provider.id}/callback`;
        try {
          const browser = randomBytes(24).toString('base64url');
          const url = await oidc.start(
            provider,
            redirectUri,
            request.query.app === 'native' ? 'native' : 'web',
            browser,
          );
          reply.header('set-cookie', cookie(browser, 600, base(request).startsWith('https:')));
          return reply.redirect(url.href, 303);
        } catch (error) {
          if (error instanceof OidcFailed) return land(reply, web, { error: error.reason });
          throw error;
        }
      },
    );

    const callback = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const web = `${base(request)}/auth/oidc`;
      const provider = oidc.provider(request.params.id);
      if (!provider) return land(reply, web, { error: 'failed' });
      const form = request.method === 'POST' ? strings(request.body) : undefined;
      try {
        const done = await oidc.callback(provider, form ?? strings(request.query), form, browserOf(request));
        return land(reply, done.app === 'native' ? NATIVE_RETURN : web, { ticket: done.ticket });
      } catch (error) {
        if (error instanceof OidcFailed) return land(reply, web, { error: error.reason });
        throw error;
      }
    };
    app.get('/auth/oidc/:id/callback', limited, callback);
    app.post('/auth/oidc/:id/callback', limited, callback);

    app.post('/auth/oidc/ticket', limited, async (request) => {
      const { ticket } = parse(oidcTicketRequestSchema, request.body);
      return oidc.ticket(ticket, origin(request));
    });

    app.post('/auth/oidc/confirm', limited, async (request) => {
      const { ticket, password, credential } = parse(oidcConfirmRequestSchema, request.body);
      const captcha = request.headers[RECAPTCHA_HEADER.toLowerCase()];
      const proof = credential
        ? { passkeyUserId: await passkeyOwner(credential, request) }
        : { password: password as string, captchaToken: typeof captcha === 'string' && captcha ? captcha : undefined };
      return oidc.confirm(ticket, proof, origin(request));
    });

    app.post('/auth/oidc/register', limited, async (request) => {
      const { ticket, inviteCode } = parse(oidcRegisterRequestSchema, request.body);
      return { token: await oidc.register(ticket, inviteCode || undefined, origin(request)) };
    });
  };
