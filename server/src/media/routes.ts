import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Authenticator } from '../auth/authenticate.js';
import { requireAuth } from '../auth/http-auth.js';
import { AppError } from '../errors.js';
import { parse } from '../lib/validate.js';
import type { ImageProxy } from './image-proxy.js';

const linksRequestSchema = z.object({ urls: z.array(z.string().max(2048)).min(1).max(50) });

/**
 * POST /media/image-links (signed in): proxy links for outside image URLs (null for what is not an
 * http(s) URL). GET /media/image?url&signature: the image, through the proxy (no token: `<img>`
 * cannot send one; the signature is the permission).
 */
export const mediaRoutes =
  (auth: Authenticator, proxy: ImageProxy): FastifyPluginAsync =>
  async (app) => {
    app.get<{ Querystring: { url?: string; signature?: string } }>(
      '/media/image',
      { config: { rateLimit: { max: 240, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const { url, signature } = request.query;
        if (!proxy.verify(url, signature)) throw new AppError('not-found', 'That image link is not valid.');
        const image = await proxy.fetch(url);
        if (!image) throw new AppError('not-found', 'The image could not be loaded.');
        return reply
          .header('content-type', image.contentType)
          .header('cache-control', 'private, max-age=86400')
          .header('content-disposition', 'inline')
          .send(image.body);
      },
    );

    await app.register(async (app) => {
      requireAuth(app, auth);
      app.post(
        '/media/image-links',
        { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
        async (request) => {
          const { urls } = parse(linksRequestSchema, request.body);
          return { links: urls.map((url) => proxy.link(url) ?? null) };
        },
      );
    });
  };
