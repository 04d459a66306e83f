import { createMemoryItemSchema, updateMemoryItemSchema, updateMemorySchema } from '@neura/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Authenticator } from '../auth/authenticate.js';
import { requireAuth, signedIn } from '../auth/http-auth.js';
import { parse } from '../lib/validate.js';
import type { MemoryService } from './service.js';

const idParams = z.object({ id: z.string().min(1).max(64) });
const writes = { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } };

/** `/users/me/memory`: the signed-in user's memory only (another user's item is a 404). */
export const memoryRoutes =
  (auth: Authenticator, memory: MemoryService): FastifyPluginAsync =>
  async (app) => {
    requireAuth(app, auth);

    app.get('/users/me/memory', async (request) => memory.get(signedIn(request).user.id));

    app.put('/users/me/memory', writes, async (request) =>
      memory.update(signedIn(request).user.id, parse(updateMemorySchema, request.body ?? {})),
    );

    app.post('/users/me/memory/items', writes, async (request, reply) => {
      const item = await memory.add(signedIn(request).user.id, parse(createMemoryItemSchema, request.body));
      return reply.code(201).send(item);
    });

    app.patch('/users/me/memory/items/:id', writes, async (request) => {
      const { id } = parse(idParams, request.params);
      return memory.edit(signedIn(request).user.id, id, parse(updateMemoryItemSchema, request.body ?? {}));
    });

    app.delete('/users/me/memory/items/:id', writes, async (request) => {
      const { id } = parse(idParams, request.params);
      await memory.remove(signedIn(request).user.id, id);
      return { success: true };
    });

    app.delete('/users/me/memory/items', writes, async (request) => {
      await memory.clear(signedIn(request).user.id);
      return { success: true };
    });
  };
