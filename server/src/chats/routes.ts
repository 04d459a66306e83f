import { chatPatchRequestSchema } from '@neura/contract';
import type { FastifyPluginAsync } from 'fastify';
import { parse } from '../lib/validate.js';

/** The signed-in user's chats (SPEC.md §7, ARCHITECTURE.md §3); another user's chat is a 404. */
export const chatRoutes: FastifyPluginAsync = async (app) => {
  const { auth, chatService } = app.services;

  app.get('/users/me/chats', async (request) => {
    const { user } = await auth.fromRequest(request);
    return chatService.list(user.id);
  });

  app.get<{ Params: { id: string } }>('/users/me/chats/:id', async (request) => {
    const { user } = await auth.fromRequest(request);
    return chatService.getOwnedChat(user.id, request.params.id);
  });

  app.patch<{ Params: { id: string } }>('/users/me/chats/:id', async (request) => {
    const { user } = await auth.fromRequest(request);
    const patch = parse(chatPatchRequestSchema, request.body);
    return chatService.patch(user.id, request.params.id, patch);
  });

  app.delete<{ Params: { id: string } }>('/users/me/chats/:id', async (request) => {
    const { user } = await auth.fromRequest(request);
    await chatService.delete(user.id, request.params.id);
    return { success: true };
  });
};
