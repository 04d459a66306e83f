import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Authenticator } from '../auth/authenticate.js';
import { requireAuth, signedIn } from '../auth/http-auth.js';
import { AppError } from '../errors.js';
import type { Limit } from '../lib/limits/limit.js';
import type { AttemptLimiter } from '../lib/limits/limiter.js';
import { named } from '../lib/plugin-name.js';
import { parse } from '../lib/validate.js';
import type { ImageProxy } from './image-proxy.js';
import type { LinkSessions } from './link-sessions.js';

const linksRequestSchema = z.object({ urls: z.array(z.string().max(2048)).min(1).max(50) });

/** The account limiter's scope of minted proxy links (per user, per hour). */
export const IMAGE_LINK_SCOPE = 'image-links:user';

export const mediaTexts = {
  invalid: 'That image link is not valid.',
  failed: 'The image could not be loaded.',
  tooMany: 'Too many outside images were opened from this account this hour. Try again later.',
} as const;

/**
 * POST /media/image-links (signed in): proxy links for outside image URLs (null for what is not an
 * http(s) URL), each counted against the account's hourly limit. GET /media/image?url&session&expires&signature:
 * the image, through the proxy (no token: `<img>` cannot send one; the signature, and a session still
 * alive, are the permission).
 */
export const mediaRoutes =
  ({
    auth,
    proxy,
    sessions,
    limiter,
    limit,
  }: {
    auth: Authenticator;
    proxy: ImageProxy;
    sessions: LinkSessions;
    limiter: Pick<AttemptLimiter, 'reserve'>;
    limit: Limit;
  }): FastifyPluginAsync =>
  async (app) => {
    app.get<{ Querystring: Record<string, unknown> }>(
      '/media/image',
      { config: { rateLimit: { max: 240, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const link = proxy.verify(request.query);
        if (!link || !(await sessions.live(link.sessionId))) throw new AppError('not-found', mediaTexts.invalid);
        const image = await proxy.fetch(link.url);
        if (!image) throw new AppError('not-found', mediaTexts.failed);
        // The browser keeps it no longer than the link works.
        const maxAge = Math.max(0, Math.min(86_400, Math.floor((link.expiresAt - Date.now()) / 1000)));
        return reply
          .header('content-type', image.contentType)
          .header('cache-control', `private, max-age=${maxAge}`)
          .header('content-disposition', 'inline')
          .send(image.body);
      },
    );

    await app.register(
      named('image link routes', async (app) => {
        requireAuth(app, auth);
        app.post(
          '/media/image-links',
          { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
          async (request) => {
            const { urls } = parse(linksRequestSchema, request.body);
            const { user, sessionId } = signedIn(request);
            const links = urls.map((url) => proxy.link(url, sessionId) ?? null);
            const minted = links.filter((l) => l !== null).length;
            if (minted > 0)
              await limiter.reserve(limit, user.id, minted, () => new AppError('rate-limited', mediaTexts.tooMany));
            return { links };
          },
        );
      }),
    );
  };
