import { forkChatRequestSchema, messagesQuerySchema } from '@neura/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import { requireAuth, signedIn } from '../auth/http-auth.js';
import { parse } from '../lib/validate.js';
import { type ContinueDeps, continueReply } from './continue-reply.js';
import { type ForkDeps, forkChat } from './fork.js';
import type { ConversationService } from './service.js';

/**
 * GET /users/me/chats/{id}/messages?before=&limit= — newest page first, oldest first within it.
 * GET /users/me/chats/{id}/status — whether a message can be sent now (`{ canSend, reason }`).
 * POST /users/me/chats/{id}/messages/{messageId}/continue — a reply cut short gets a continuation.
 * POST /users/me/chats/{id}/fork { messageId } — a new chat with the messages up to that one (`{ id }`).
 */
export const conversationRoutes =
  (
    auth: Authenticator,
    conversation: ConversationService,
    continueDeps: Omit<ContinueDeps, 'send'>,
    forkDeps: ForkDeps,
  ): FastifyPluginAsync =>
  async (app) => {
    requireAuth(app, auth);

    app.get<{ Params: { id: string } }>('/users/me/chats/:id/messages', async (request) => {
      const query = parse(messagesQuerySchema, request.query);
      const { user } = signedIn(request);
      // Admins also see each reply's model and token counts.
      return conversation.listMessages(user.id, request.params.id, query, { admin: user.role === 'admin' });
    });

    app.get<{ Params: { id: string } }>('/users/me/chats/:id/status', async (request) =>
      conversation.chatStatus(signedIn(request).user.id, request.params.id),
    );

    app.post<{ Params: { id: string; messageId: string } }>(
      '/users/me/chats/:id/messages/:messageId/continue',
      async (request) => {
        const { id: chatId, messageId } = request.params;
        const send = conversation.send.bind(conversation);
        return continueReply({ ...continueDeps, send }, signedIn(request).user.id, { chatId, messageId });
      },
    );

    app.post<{ Params: { id: string } }>(
      '/users/me/chats/:id/fork',
      { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const { messageId } = parse(forkChatRequestSchema, request.body ?? {});
        const fork = await forkChat(forkDeps, signedIn(request).user.id, request.params.id, messageId);
        return reply.code(201).send(fork);
      },
    );
  };
