import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { PersonaRow } from '../db/schema.js';
import { rasterArt } from './art-raster.js';
import { isPublishedCatalogPersona, type PersonaAvatars } from './avatar.js';
import type { PersonaService } from './service.js';

const etagOf = (text: string) => `"${createHash('sha1').update(text).digest('base64url')}"`;

/** GET /personas: the published catalog; public (start-up loads it before sign-in), with an ETag. */
export const personaRoutes =
  (personas: PersonaService): FastifyPluginAsync =>
  async (app) => {
    app.get('/personas', async (request, reply) => {
      // Served from memory, already serialized (PersonaService.catalog).
      const { etag, body } = await personas.catalog();
      reply.header('ETag', etag).header('Cache-Control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    });

    // Persona artwork by id (SPEC.md §3 "Persona images are looked up by id"): our own SVGs, and WebP.
    for (const kind of ['icon', 'background'] as const) {
      app.get<{ Params: { id: string } }>(`/personas/:id/${kind}.svg`, async (request, reply) => {
        const svg = await personas.image(request.params.id, kind);
        const etag = etagOf(svg);
        reply
          .header('ETag', etag)
          .header('Cache-Control', 'public, max-age=3600')
          .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
          .header('X-Content-Type-Options', 'nosniff');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.type('image/svg+xml; charset=utf-8').send(svg);
      });
      // The same artwork as WebP, which the app shows (art-raster.ts: decoded off the main thread).
      app.get<{ Params: { id: string } }>(`/personas/:id/${kind}.webp`, async (request, reply) => {
        const art = await rasterArt(await personas.image(request.params.id, kind), kind);
        reply
          .header('ETag', art.etag)
          .header('Cache-Control', 'public, max-age=3600')
          .header('X-Content-Type-Options', 'nosniff');
        if (request.headers['if-none-match'] === art.etag) return reply.code(304).send();
        return reply.type('image/webp').send(art.bytes);
      });
    }
  };

/**
 * GET /personas/{id}/avatar: the uploaded avatar (WebP) of a persona `visible` allows (the
 * published catalog; people's own personas add their rule); 404 when there is none. The persona's
 * `avatarUrl` carries `?v=<update time>`, so a new upload is a new URL.
 */
export const personaAvatarRoutes =
  (avatars: PersonaAvatars, visible: (row: PersonaRow) => boolean = isPublishedCatalogPersona): FastifyPluginAsync =>
  async (app) => {
    app.get<{ Params: { id: string } }>('/personas/:id/avatar', async (request, reply) => {
      const file = await avatars.read(request.params.id, visible);
      reply
        .header('ETag', file.etag)
        .header('Cache-Control', 'public, max-age=86400')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cross-Origin-Resource-Policy', 'cross-origin');
      if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
      return reply.type(file.mimeType).send(file.bytes);
    });
  };
