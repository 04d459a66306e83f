import { chatPatchRequestSchema } from '@neura/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import { requireAuth, signedIn } from '../auth/http-auth.js';
import { parse } from '../lib/validate.js';
import { addFolderRoutes } from './folder-routes.js';
import type { FolderService } from './folder-service.js';
import type { ChatService } from './service.js';

/** The signed-in user's chats (SPEC.md §7, ARCHITECTURE.md §3); another user's chat is a 404. */
export const chatRoutes =
  (auth: Authenticator, chats: ChatService, folders: FolderService): FastifyPluginAsync =>
  async (app) => {
    requireAuth(app, auth);

    app.get('/users/me/chats', async (request) => chats.list(signedIn(request).user.id));

    app.get<{ Params: { id: string } }>('/users/me/chats/:id', async (request) =>
      chats.getOwnedChat(signedIn(request).user.id, request.params.id),
    );

    app.patch<{ Params: { id: string } }>('/users/me/chats/:id', async (request) => {
      const patch = parse(chatPatchRequestSchema, request.body);
      return chats.patch(signedIn(request).user.id, request.params.id, patch);
    });

    app.delete<{ Params: { id: string } }>('/users/me/chats/:id', async (request) => {
      await chats.delete(signedIn(request).user.id, request.params.id);
      return { success: true };
    });

    addFolderRoutes(app, folders);
  };
