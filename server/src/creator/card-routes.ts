import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Authenticator } from '../auth/authenticate.js';
import { requireAuth, signedIn } from '../auth/http-auth.js';
import { AppError, badRequest } from '../errors.js';
import { parse } from '../lib/validate.js';
import { cardTexts } from './card.js';
import type { CardService } from './cards.js';

/** The biggest card file taken (a PNG portrait with its card; JSON cards are far smaller). */
export const CARD_FILE_MAX = 8 * 1024 * 1024;

const idParams = z.object({ id: z.string().min(1).max(64) });
const formatQuery = z.object({ format: z.enum(['png', 'json']).optional() });

/** The `file` part of a multipart upload: a 400 when there is none, a 413 when too large. */
async function uploadedCard(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(cardTexts.missing);
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      if (part.fieldname === 'file' && bytes === undefined) bytes = data;
    }
  } catch (error) {
    const e = error as { code?: string; statusCode?: number };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('file:too-large', cardTexts.tooLarge(CARD_FILE_MAX / 1024));
    if (typeof e.code === 'string' && e.code.startsWith('FST_') && (e.statusCode ?? 500) < 500)
      throw badRequest(cardTexts.missing);
    throw error;
  }
  if (!bytes || bytes.length === 0) throw badRequest(cardTexts.missing);
  return bytes;
}

/**
 * Character cards (issue #49): `POST /users/me/personas/import` (multipart `file`: a PNG card or
 * its JSON) answers 201 with the new private persona; `GET /users/me/personas/{id}/card` answers
 * the PNG card (`?format=json`: the JSON), for the owner only (404 otherwise).
 */
export const cardRoutes =
  (auth: Authenticator, cards: CardService): FastifyPluginAsync =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: CARD_FILE_MAX, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
    });
    requireAuth(app, auth);

    app.post(
      '/users/me/personas/import',
      { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const userId = signedIn(request).user.id;
        return reply.code(201).send(await cards.import(userId, await uploadedCard(request)));
      },
    );

    app.get('/users/me/personas/:id/card', async (request, reply) => {
      const { id } = parse(idParams, request.params);
      const { format } = parse(formatQuery, request.query ?? {});
      const card = await cards.export(signedIn(request).user.id, id, format ?? 'png');
      return reply
        .header('content-type', card.mimeType)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(card.fileName)}`)
        .header('cache-control', 'private, no-store')
        .send(card.body);
    });
  };
