import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import type { Config } from '../config.js';
import type { EventBus } from '../lib/events.js';
import type { AttemptLimiter } from '../lib/limits/limiter.js';
import { createSpeechEngines } from './create-engines.js';
import { SPEECH_LIMITS } from './limits.js';
import { speechRoutes } from './routes.js';
import { SpeechService } from './service.js';
import { TtsCache } from './tts-cache.js';

/**
 * Speech (SPEC.md §7): dictation for every signed-in user, text-to-speech for Pro. The engines are
 * chosen from the config; the per-user limits are the account limits' reservations (in Redis when
 * REDIS_URL is set, else in the database), so every process counts together.
 */
export function createSpeechModule({
  config,
  log,
  auth,
  events,
  limiter,
}: {
  config: Config;
  log: FastifyBaseLogger;
  auth: Authenticator;
  events: EventBus;
  limiter: AttemptLimiter;
}) {
  const speech = new SpeechService(
    createSpeechEngines(config),
    new TtsCache(path.join(config.DATA_DIR, 'speech-cache')),
    limiter,
    config.VOICE_MAX_SECONDS,
    log,
  );
  speech.logStatus();
  // A deleted user's speech counters go with the account (database rows and Redis keys).
  events.on('user.deleting', async ({ userId, trx }) => {
    await limiter.forget(Object.values(SPEECH_LIMITS), userId, trx);
  });
  return { speech, routes: speechRoutes(auth, speech) };
}
