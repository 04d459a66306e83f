import multipart from '@fastify/multipart';
import { avatarGenerateSchema, customPersonaPriceSchema, MAX_AVATAR_BYTES, personaReportSchema } from '@neura/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../audit/repository.js';
import { requireAdmin } from '../auth/admin-guard.js';
import type { Authenticator } from '../auth/authenticate.js';
import { identifyIfSignedIn, requireAuth, signedIn } from '../auth/http-auth.js';
import { AppError, badRequest } from '../errors.js';
import { parse } from '../lib/validate.js';
import { AVATAR_MIME_TYPE } from '../personas/avatar.js';
import type { CreatorAdminService } from './admin-service.js';
import type { CreatorService } from './service.js';
import { creatorTexts as t } from './texts.js';

const idParams = z.object({ id: z.string().min(1).max(64) });
const avatarParams = z.object({ id: z.string().min(1).max(64), token: z.string().regex(/^[0-9a-f]{32}$/) });
const reviewParams = z.object({ id: z.string().min(1).max(64), decision: z.enum(['approve', 'reject']) });
const reviewBody = z.object({ note: z.string().trim().max(500).optional() }).nullish();

/**
 * A persona's texts may reach 20,000 characters of instructions plus the rest: up to ~100 KB of
 * UTF-8, over the API's 64 KB JSON default (the contract's limits still apply).
 */
const PERSONA_BODY_LIMIT = 256 * 1024;

/** Reports per IP per hour. */
export const REPORTS_PER_HOUR = 10;

/** An error of @fastify/multipart (too large, a broken body) as our error body. */
function uploadError(error: unknown): unknown {
  const e = error as { code?: string; statusCode?: number };
  if (e.code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('file:too-large', t.tooLarge(MAX_AVATAR_BYTES / 1_048_576));
  if (typeof e.code === 'string' && e.code.startsWith('FST_') && (e.statusCode ?? 500) < 500)
    return new AppError('file:invalid', t.noFile);
  return error;
}

/** The picture of a multipart upload's `file` field. */
async function uploadedPicture(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(t.notMultipart);
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'file' && bytes === undefined) bytes = data;
      }
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (!bytes || bytes.length === 0) throw new AppError('file:invalid', t.noFile);
  return bytes;
}

/**
 * The builder's API (signed in): `GET|POST /users/me/personas`, `GET …/options`,
 * `PATCH|DELETE /users/me/personas/:id`, the avatar upload and generator, and reports.
 */
export const creatorRoutes =
  (auth: Authenticator, creator: CreatorService): FastifyPluginAsync =>
  async (app) => {
    // One file part; a bigger one is a 413 (uploadError) and nothing is stored.
    await app.register(multipart, {
      limits: { fileSize: MAX_AVATAR_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
    });
    requireAuth(app, auth);

    app.get('/users/me/personas', async (request) => creator.list(signedIn(request).user.id));

    app.get('/users/me/personas/options', async (request) => creator.options(signedIn(request).user.id));

    app.post(
      '/users/me/personas',
      { bodyLimit: PERSONA_BODY_LIMIT, config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
      async (request, reply) => reply.code(201).send(await creator.create(signedIn(request).user.id, request.body)),
    );

    app.get('/users/me/personas/:id', async (request) => {
      const { id } = parse(idParams, request.params);
      return creator.get(signedIn(request).user.id, id);
    });

    app.patch('/users/me/personas/:id', { bodyLimit: PERSONA_BODY_LIMIT }, async (request) => {
      const { id } = parse(idParams, request.params);
      return creator.patch(signedIn(request).user.id, id, request.body);
    });

    app.delete('/users/me/personas/:id', async (request) => {
      const { id } = parse(idParams, request.params);
      await creator.delete(signedIn(request).user.id, id);
      return { success: true };
    });

    app.post(
      '/users/me/personas/:id/avatar',
      { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
      async (request) => {
        const { id } = parse(idParams, request.params);
        const userId = signedIn(request).user.id;
        return creator.setAvatar(userId, id, await uploadedPicture(request));
      },
    );

    app.post(
      '/users/me/personas/:id/avatar/generate',
      { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
      async (request) => {
        const { id } = parse(idParams, request.params);
        const { prompt } = parse(avatarGenerateSchema, request.body ?? {});
        return creator.generateAvatar(signedIn(request).user.id, id, prompt);
      },
    );

    app.post(
      '/personas/:id/report',
      { config: { rateLimit: { max: REPORTS_PER_HOUR, timeWindow: '1 hour' } } },
      async (request, reply) => {
        const { id } = parse(idParams, request.params);
        const { reason } = parse(personaReportSchema, request.body);
        await creator.report(signedIn(request).user.id, id, reason);
        return reply.code(201).send({ success: true });
      },
    );
  };

/**
 * What anyone allowed to chat with a persona reads: `GET /personas/:id/profile` (never the
 * instructions) and `GET /personas/:id/custom-avatar/:token` (the avatar at its secret address).
 */
export const personaProfileRoutes =
  (auth: Authenticator, creator: CreatorService): FastifyPluginAsync =>
  async (app) => {
    identifyIfSignedIn(app, auth);

    app.get('/personas/:id/profile', async (request, reply) => {
      const { id } = parse(idParams, request.params);
      // What the link page (/p/:id) shows: never for search engines, like a shared chat.
      reply.header('X-Robots-Tag', 'noindex, nofollow');
      return creator.profile(id, request.principal?.user.id);
    });

    app.get('/personas/:id/custom-avatar/:token', async (request, reply) => {
      const parsed = avatarParams.safeParse(request.params);
      if (!parsed.success) throw new AppError('not-found', t.notAvailable);
      const bytes = await creator.readAvatar(parsed.data.id, parsed.data.token, request.principal?.user.id);
      return reply
        .header('Content-Type', AVATAR_MIME_TYPE)
        .header('Cache-Control', 'private, max-age=86400, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .send(bytes);
    });
  };

const actorOf = (request: FastifyRequest): Actor => {
  const { user } = signedIn(request);
  return { id: user.id, label: user.email };
};

/**
 * The console's side (admins only, audit logged): the review queue, unlisting, and the price per
 * message of custom personas per model. `registered` collects them for the admin guard's test.
 */
export const creatorAdminRoutes =
  (
    auth: Authenticator,
    creator: CreatorAdminService,
    registered: Array<{ method: string; url: string }>,
  ): FastifyPluginAsync =>
  async (app) => {
    app.addHook('onRoute', (route) => {
      const url = route.url.startsWith(route.prefix) ? route.url.slice(route.prefix.length) : route.url;
      for (const method of [route.method].flat()) if (method !== 'HEAD') registered.push({ method, url });
    });
    requireAdmin(app, auth);

    app.get('/admin/persona-reviews', async () => ({ items: await creator.pendingReviews() }));

    app.post('/admin/persona-reviews/:id/:decision', async (request) => {
      const { id, decision } = parse(reviewParams, request.params);
      const body = parse(reviewBody, request.body);
      return creator.review(actorOf(request), id, decision, body?.note);
    });

    app.post('/admin/personas/:id/unlist', async (request) => {
      const { id } = parse(idParams, request.params);
      return creator.unlist(actorOf(request), id);
    });

    app.get('/admin/custom-persona-prices', async () => ({ items: await creator.prices() }));

    app.put('/admin/custom-persona-prices', async (request) => {
      const { model, price } = parse(customPersonaPriceSchema, request.body);
      return { items: await creator.setPrice(actorOf(request), model, price) };
    });
  };
