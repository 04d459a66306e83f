import { messagesQuerySchema } from '@neura/contract';
import type { FastifyPluginAsync } from 'fastify';
import { parse } from '../lib/validate.js';

/** GET /users/me/chats/{id}/messages?before=&limit= — newest page first, oldest first within it. */
export const conversationRoutes: FastifyPluginAsync = async (app) => {
  const { auth, conversation } = app.services;

  app.get<{ Params: { id: string } }>('/users/me/chats/:id/messages', async (request) => {
    const { user } = await auth.fromRequest(request);
    const query = parse(messagesQuerySchema, request.query);
    return conversation.listMessages(user.id, request.params.id, query);
  });
};
