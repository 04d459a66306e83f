import path from 'node:path';
import { AttemptLimiter } from '../accounts/attempt-limiter.js';
import { AttemptRepository } from '../accounts/attempt-repository.js';
import type { Authenticator } from '../accounts/authenticate.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { EventBus } from '../lib/events.js';
import type { RedisLink } from '../realtime/redis-health.js';
import { FileRepository } from './repository.js';
import { fileRoutes } from './routes.js';
import { FileService } from './service.js';
import { FileUrlSigner } from './signing.js';
import { DiskFileStore } from './storage.js';

/** Files: uploads, skill results, signed urls; removed with their chat or their account. */
export function createFilesModule({
  config,
  db,
  events,
  auth,
  redis,
}: {
  config: Config;
  db: Db;
  events: EventBus;
  auth: Authenticator;
  redis?: RedisLink;
}) {
  const dir = path.join(config.DATA_DIR, 'files');
  const signer = new FileUrlSigner(
    FileUrlSigner.loadSecret(config.FILES_URL_SECRET, dir),
    config.API_PREFIX,
    config.FILES_URL_TTL_SECONDS,
  );
  const files = new FileService(
    new FileRepository(db),
    new DiskFileStore(dir),
    signer,
    new AttemptLimiter(new AttemptRepository(db), redis),
    config.FILES_UPLOADS_PER_HOUR,
  );
  events.on('chat.deleting', ({ chatId }) => files.deleteForChat(chatId));
  events.on('user.deleting', ({ userId, trx }) => files.deleteForUser(userId, trx));
  return { files, routes: fileRoutes(auth, files) };
}
