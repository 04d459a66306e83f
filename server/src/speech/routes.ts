import { speakRequestSchema } from '@neura/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import { requireAuth, signedIn } from '../auth/http-auth.js';
import { parse } from '../lib/validate.js';
import type { SpeechService } from './service.js';

/** POST /speech/speak (Pro) and GET /speech/status (which engines run, for the UI). */
export const speechRoutes =
  (auth: Authenticator, speech: SpeechService): FastifyPluginAsync =>
  async (app) => {
    requireAuth(app, auth);

    app.get('/speech/status', async () => speech.status());

    app.post('/speech/speak', async (request, reply) => {
      const { user } = signedIn(request);
      speech.requirePro(user);
      const { text } = parse(speakRequestSchema, request.body);
      const { audio, contentType } = await speech.speak(user, text);
      return reply.header('content-type', contentType).header('cache-control', 'private, no-store').send(audio);
    });
  };
