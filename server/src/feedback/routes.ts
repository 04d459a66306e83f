import { feedbackRequestSchema } from '@neura/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import { identifyIfSignedIn } from '../auth/http-auth.js';
import { parse } from '../lib/validate.js';
import type { FeedbackService } from './service.js';

/** POST /feedback: anyone may send it; a valid bearer token ties it to the user. */
export const feedbackRoutes =
  (auth: Authenticator, feedback: FeedbackService): FastifyPluginAsync =>
  async (app) => {
    identifyIfSignedIn(app, auth);

    app.post('/feedback', { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) => {
      const body = parse(feedbackRequestSchema, request.body);
      const { id } = await feedback.record(body, request.principal?.user.id ?? null);
      request.log.info({ feedbackId: id, about: body.about }, 'help feedback received');
      return reply.code(201).send({ success: true });
    });
  };
