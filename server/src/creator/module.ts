import type { FastifyPluginAsync } from 'fastify';
import type { AuditLog } from '../audit/repository.js';
import type { Authenticator } from '../auth/authenticate.js';
import type { UserLookup } from '../auth/user.js';
import type { Config } from '../config.js';
import type { CreditService } from '../credits/service.js';
import type { Db } from '../db/database.js';
import type { FeedbackService } from '../feedback/service.js';
import type { FileStore } from '../files/storage.js';
import { type AppJob, HOUSEKEEPING_EVERY_MS } from '../jobs/module.js';
import type { EventBus } from '../lib/events.js';
import type { AttemptLimiter } from '../lib/limits/limiter.js';
import type { LlmRegistry } from '../llm/registry.js';
import type { SkillRegistry } from '../skills/registry.js';
import { CreatorAdminService } from './admin-service.js';
import { cardRoutes } from './card-routes.js';
import { CardService } from './cards.js';
import { CustomPersonaPricing } from './pricing.js';
import { CustomPersonaRepository } from './repository.js';
import { creatorAdminRoutes, creatorRoutes, personaProfileRoutes } from './routes.js';
import { type CreatorDeps, CreatorService } from './service.js';

/**
 * People's own personas (issue #29): the builder's API, persona profiles, and the console's review
 * queue and prices. Composed after the console (it uses the admin guard and the audit log).
 */
export function createCreatorModule(deps: {
  config: Config;
  db: Db;
  events: EventBus;
  auth: Authenticator;
  users: UserLookup;
  llm: Pick<LlmRegistry, 'defaultModel'>;
  skills: SkillRegistry;
  credits: CreditService;
  feedback: FeedbackService;
  limiter: Pick<AttemptLimiter, 'reserve' | 'release'>;
  audit: AuditLog;
  store: FileStore;
  adminRoutes: Array<{ method: string; url: string }>;
  catalogChanged: () => void;
  knowledge: CreatorDeps['knowledge'];
}) {
  const personas = new CustomPersonaRepository(deps.db, deps.config.database.kind);
  const pricing = new CustomPersonaPricing(deps.config, deps.llm, personas);
  const users = { emailOf: async (id: string) => (await deps.users.findById(id))?.email ?? null };
  const creator = new CreatorService({
    config: deps.config,
    personas,
    pricing,
    skills: deps.skills,
    credits: deps.credits,
    feedback: deps.feedback,
    limiter: deps.limiter,
    audit: deps.audit,
    store: deps.store,
    users,
    catalogChanged: deps.catalogChanged,
    knowledge: deps.knowledge,
  });
  deps.events.on('user.deleting', ({ userId, trx }) => creator.deleteAllOf(userId, trx));
  const cards = new CardService({
    creator,
    store: deps.store,
    instructionsMax: deps.config.CUSTOM_PERSONA_INSTRUCTIONS_MAX,
  });
  const routes: FastifyPluginAsync[] = [
    cardRoutes(deps.auth, cards),
    creatorRoutes(deps.auth, creator),
    personaProfileRoutes(deps.auth, creator),
    creatorAdminRoutes(deps.auth, new CreatorAdminService({ ...deps, personas, pricing, users }), deps.adminRoutes),
  ];
  /** Deleted personas no chat uses any more (L5), every 15 minutes, one process at a time. */
  const jobs: AppJob[] = [
    {
      name: 'personas.purge-deleted',
      every: HOUSEKEEPING_EVERY_MS,
      firstAfterMs: 60_000,
      run: () => creator.purgeDeleted(),
    },
  ];
  return { creator, pricing, routes, jobs };
}
