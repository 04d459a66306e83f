import { messagesQuerySchema } from '@neura/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Authenticator } from '../accounts/authenticate.js';
import { requireAuth, signedIn } from '../accounts/http-auth.js';
import { parse } from '../lib/validate.js';
import type { ConversationService } from './service.js';

/** GET /users/me/chats/{id}/messages?before=&limit= — newest page first, oldest first within it. */
export const conversationRoutes =
  (auth: Authenticator, conversation: ConversationService): FastifyPluginAsync =>
  async (app) => {
    requireAuth(app, auth);

    app.get<{ Params: { id: string } }>('/users/me/chats/:id/messages', async (request) => {
      const query = parse(messagesQuerySchema, request.query);
      return conversation.listMessages(signedIn(request).user.id, request.params.id, query);
    });
  };
