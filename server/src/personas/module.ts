import type { Db } from '../db/database.js';
import type { LifecyclePart } from '../lib/lifecycle.js';
import { PersonaRepository } from './repository.js';
import { personaRoutes } from './routes.js';
import { PersonaService } from './service.js';

/** Personas: the catalog, its artwork and the admin import/export. */
export function createPersonasModule({ db }: { db: Db }) {
  const personaRepository = new PersonaRepository(db);
  const personas = new PersonaService(personaRepository);
  /** The built-in catalog is seeded before anything that reads personas starts. */
  const part: LifecyclePart = { name: 'personas', start: () => personas.seedCatalog() };
  return { personaRepository, personas, routes: personaRoutes(personas), part };
}
