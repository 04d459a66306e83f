import type { Authenticator } from '../auth/authenticate.js';
import type { Db } from '../db/database.js';
import { SearchRepository } from './repository.js';
import { searchRoutes } from './routes.js';
import { SearchService } from './service.js';

/** Full-text search over messages (the index is kept by database triggers, migration 0010). */
export function createSearchModule({ db, kind, auth }: { db: Db; kind: 'sqlite' | 'postgres'; auth: Authenticator }) {
  const search = new SearchService(new SearchRepository(db, kind));
  return { search, routes: searchRoutes(auth, search) };
}
