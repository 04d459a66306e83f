import type { Authenticator } from '../auth/authenticate.js';
import type { Db } from '../db/database.js';
import type { FileService } from '../files/service.js';
import type { SharingService } from '../sharing/service.js';
import { ArchiveRepository } from './repository.js';
import { archiveRoutes } from './routes.js';
import { ArchiveService } from './service.js';

/** The user's data archive ("Download my data"). */
export function createTakeoutModule(deps: {
  db: Db;
  auth: Authenticator;
  sharing: SharingService;
  files: FileService;
}) {
  const archives = new ArchiveService(new ArchiveRepository(deps.db), deps.sharing, deps.files);
  return { archives, routes: archiveRoutes(deps.auth, archives) };
}
