import { feedbackRequestSchema } from '@neura/contract';
import type { FastifyPluginAsync } from 'fastify';
import { parse } from '../lib/validate.js';

/** POST /feedback: anyone may send it; a valid bearer token ties it to the user. */
export const feedbackRoutes: FastifyPluginAsync = async (app) => {
  const { auth, feedback } = app.services;

  app.post('/feedback', { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) => {
    const body = parse(feedbackRequestSchema, request.body);
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const principal = await auth.fromToken(token);
    const { id } = await feedback.record(body, principal?.user.id ?? null);
    request.log.info({ feedbackId: id, about: body.about }, 'help feedback received');
    return reply.code(201).send({ success: true });
  });
};
