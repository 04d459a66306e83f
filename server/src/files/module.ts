import path from 'node:path';
import type { Authenticator } from '../auth/authenticate.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { type AppJob, HOUSEKEEPING_EVERY_MS } from '../jobs/module.js';
import type { EventBus } from '../lib/events.js';
import type { AttemptLimiter } from '../lib/limits/limiter.js';
import { FileRepository } from './repository.js';
import { type DocumentUploads, fileRoutes } from './routes.js';
import { S3FileStore } from './s3-store.js';
import { FileService } from './service.js';
import { FileUrlSigner } from './signing.js';
import { DiskFileStore, type FileStore } from './storage.js';

/** S3 when S3_BUCKET is set (keys required), else the disk under DATA_DIR/files. */
function fileStore(config: Config, dir: string): FileStore {
  if (!config.S3_BUCKET) return new DiskFileStore(dir);
  if (!config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY)
    throw new Error('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed too');
  return new S3FileStore({
    endpoint: config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    pathStyle: config.S3_PATH_STYLE === 'true',
  });
}

/** Files: uploads, skill results, signed urls; removed with their chat or their account. */
export function createFilesModule({
  config,
  db,
  events,
  auth,
  limiter,
}: {
  config: Config;
  db: Db;
  events: EventBus;
  auth: Authenticator;
  limiter: AttemptLimiter;
}) {
  const dir = path.join(config.DATA_DIR, 'files');
  const signer = new FileUrlSigner(
    FileUrlSigner.loadSecret(config.FILES_URL_SECRET, dir),
    config.API_PREFIX,
    config.FILES_URL_TTL_SECONDS,
  );
  const store = fileStore(config, dir);
  const files = new FileService(
    new FileRepository(db),
    store,
    signer,
    limiter,
    config.FILES_UPLOADS_PER_HOUR,
    config.FILES_QUOTA_MB * 1_048_576,
    config.FILES_UNSENT_TTL_HOURS * 3600_000,
  );
  events.on('chat.deleting', ({ chatId }) => files.deleteForChat(chatId));
  events.on('user.deleting', ({ userId, trx }) => files.deleteForUser(userId, trx));
  /** `store`: where bytes live, also for pictures that are not user files (persona avatars). */
  /** Uploads never sent with a message (N13), every 15 minutes, one process at a time. */
  const jobs: AppJob[] = [
    {
      name: 'files.sweep-unsent',
      every: HOUSEKEEPING_EVERY_MS,
      firstAfterMs: 60_000,
      run: (_payload, { now }) => files.sweepUnsent(now),
    },
  ];
  /** The routes, with documents (documents/, a layer above) when the app has them. */
  const routes = (documents?: DocumentUploads) => fileRoutes(auth, files, documents);
  return { files, store, routes, jobs };
}
