import { folderCreateSchema, folderPatchSchema } from '@neura/contract';
import type { FastifyInstance } from 'fastify';
import { signedIn } from '../auth/http-auth.js';
import { parse } from '../lib/validate.js';
import type { FolderService } from './folder-service.js';

/** The signed-in user's folders (issue #49), added to the chat routes (signed in); another user's folder is a 404. */
export function addFolderRoutes(app: FastifyInstance, folders: FolderService): void {
  app.get('/users/me/folders', async (request) => folders.list(signedIn(request).user.id));

  app.post('/users/me/folders', async (request, reply) => {
    const { name } = parse(folderCreateSchema, request.body);
    return reply.code(201).send(await folders.create(signedIn(request).user.id, name));
  });

  app.patch<{ Params: { id: string } }>('/users/me/folders/:id', async (request) =>
    folders.patch(signedIn(request).user.id, request.params.id, parse(folderPatchSchema, request.body)),
  );

  app.delete<{ Params: { id: string } }>('/users/me/folders/:id', async (request) => {
    await folders.delete(signedIn(request).user.id, request.params.id);
    return { success: true };
  });
}
