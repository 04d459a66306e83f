import { speakRequestSchema } from '@neura/contract';
import type { FastifyPluginAsync } from 'fastify';
import { parse } from '../lib/validate.js';

/** POST /speech/speak (Pro) and GET /speech/status (which engines run, for the UI). */
export const speechRoutes: FastifyPluginAsync = async (app) => {
  const { auth, speech } = app.services;

  app.get('/speech/status', async (request) => {
    await auth.fromRequest(request);
    return speech.status();
  });

  app.post('/speech/speak', async (request, reply) => {
    const { user } = await auth.fromRequest(request);
    speech.requirePro(user);
    const { text } = parse(speakRequestSchema, request.body);
    const { audio, contentType } = await speech.speak(user, text);
    return reply.header('content-type', contentType).header('cache-control', 'private, no-store').send(audio);
  });
};
