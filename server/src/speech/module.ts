import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { AttemptLimiter } from '../accounts/attempt-limiter.js';
import { AttemptRepository } from '../accounts/attempt-repository.js';
import type { Authenticator } from '../accounts/authenticate.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { createSpeechEngines } from './create-engines.js';
import { speechRoutes } from './routes.js';
import { SpeechService } from './service.js';
import { TtsCache } from './tts-cache.js';

/**
 * Speech (SPEC.md §7): dictation for every signed-in user, text-to-speech for Pro. The engines are
 * chosen from the config; the per-user limits count in the database like the account limits.
 */
export function createSpeechModule({
  config,
  db,
  log,
  auth,
}: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  auth: Authenticator;
}) {
  const speech = new SpeechService(
    createSpeechEngines(config),
    new TtsCache(path.join(config.DATA_DIR, 'speech-cache')),
    new AttemptLimiter(new AttemptRepository(db)),
    config.VOICE_MAX_SECONDS,
    log,
  );
  speech.logStatus();
  return { speech, routes: speechRoutes(auth, speech) };
}
