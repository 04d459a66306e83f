import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { AuditLog } from './audit/repository.js';
import type { Principal } from './auth/authenticate.js';
import { followTimeZone } from './billing/limit-zone.js';
import { createBillingModule } from './billing/module.js';
import { createChatsModule } from './chats/module.js';
import type { Config } from './config.js';
import { createConsoleModule } from './console/module.js';
import { createConversationModule } from './conversation/module.js';
import { createCreatorModule } from './creator/module.js';
import { createCreditsModule } from './credits/module.js';
import type { Db } from './db/database.js';
import { makePrivateDir } from './db/private-files.js';
import { createDocumentsModule } from './documents/module.js';
import { ProAdminService } from './entitlements/admin-service.js';
import { createFeedbackModule } from './feedback/module.js';
import { createFilesModule } from './files/module.js';
import { createJobsModule } from './jobs/module.js';
import { EventBus } from './lib/events.js';
import type { LifecyclePart } from './lib/lifecycle.js';
import { AttemptRepository } from './lib/limits/counter-repository.js';
import { AttemptLimiter } from './lib/limits/limiter.js';
import { LlmRegistry } from './llm/registry.js';
import { Mailer } from './mail/mailer.js';
import { createMediaModule } from './media/module.js';
import { createMemoryModule } from './memory/module.js';
import { createNotificationsModule } from './notifications/module.js';
import { createOidcModule } from './oidc/module.js';
import { PersonaAdminService } from './personas/admin-service.js';
import { PersonaAvatars } from './personas/avatar.js';
import { setPersonaUrlPrefix } from './personas/custom.js';
import { createPersonasModule } from './personas/module.js';
import { personaAvatarRoutes } from './personas/routes.js';
import { createRealtimeModule } from './realtime/module.js';
import type { RedisLink } from './realtime/redis-health.js';
import { createSearchModule } from './search/module.js';
import { createSignIn } from './security/module.js';
import { createSharingModule } from './sharing/module.js';
import { createSkillsModule } from './skills/module.js';
import { createSpeechModule } from './speech/module.js';
import type { Metrics } from './system/metrics.js';
import { createTakeoutModule } from './takeout/module.js';
import { voiceSocketHandlers } from './voice/socket.js';

/**
 * The feature modules, composed bottom-up in layer order (a module only receives what the layers
 * below it made). Features talk upward through the domain-event bus, never through setters; metrics'
 * hooks are declared dependencies. Each module declares its routes, lifecycle part and jobs; the app
 * derives the order (lib/lifecycle.ts). The HTTP app and the admin CLI both compose exactly this.
 */
export function composeModules(config: Config, db: Db, log: FastifyBaseLogger, redis?: RedisLink, metrics?: Metrics) {
  makePrivateDir(config.DATA_DIR); // the database (SQLite), the file store, the admin channel: 0700 (L4)
  setPersonaUrlPrefix(config.API_PREFIX); // persona avatar addresses carry the API's prefix
  const events = new EventBus(log);
  const mailer = new Mailer(config.SMTP_URL, config.MAIL_FROM, log, { logBodies: config.mailToLog });
  const llm = new LlmRegistry(config);
  const { jobs, part: jobsPart } = createJobsModule({
    db,
    kind: config.database.kind,
    log,
    onOutcome: metrics && ((name, outcome, seconds) => metrics.job(name, outcome, seconds)),
  });
  const { credits } = createCreditsModule({ db, events, onLedger: metrics && ((a, r) => metrics.ledger(a, r)) });
  // One limiter for the process: account, upload, speech and title limits, in Redis when REDIS_URL is set.
  const limiter = new AttemptLimiter(new AttemptRepository(db), redis, log);
  /** The audit log of every operator change (console and CLI), below the features that write it. */
  const audit = new AuditLog(db);
  const { accounts, security } = createSignIn({ config, db, log, events, mailer, credits, limiter, audit });
  const { realtime } = createRealtimeModule<Principal>({
    authenticate: (token) => accounts.auth.fromToken(token),
    log,
    events,
  });
  const personas = createPersonasModule({ db });
  const chats = createChatsModule({
    db,
    events,
    auth: accounts.auth,
    users: accounts.lookup,
    personas: personas.personas,
    realtime,
    queue: jobs,
    log,
    temporaryGraceMs: config.TEMPORARY_CHAT_GRACE_MS,
  });
  const files = createFilesModule({ config, db, events, auth: accounts.auth, limiter });
  // Persona avatars live in the file store (made by the files module, a layer above personas/).
  const avatars = new PersonaAvatars(personas.personaRepository, files.store);
  const skills = createSkillsModule({ config, realtime, credits, files: files.files });
  const memory = createMemoryModule({
    config,
    db,
    events,
    auth: accounts.auth,
    personas: personas.personas,
    chats: chats.chatService,
  });
  const documents = createDocumentsModule({ config, db, log, events, auth: accounts.auth, files, jobs, credits });
  const conversation = createConversationModule({
    config,
    db,
    limiter,
    log,
    events,
    auth: accounts.auth,
    users: accounts.lookup,
    personaRepository: personas.personaRepository,
    credits,
    llm,
    realtime,
    chatService: chats.chatService,
    skills: skills.skills,
    files: files.files,
    memory: memory.forReply,
    documents: documents.conversation,
  });
  const feedback = createFeedbackModule({ db, kind: config.database.kind, events, auth: accounts.auth, audit });
  const { speech, routes: speechRoutes } = createSpeechModule({ config, log, auth: accounts.auth, events, limiter });
  realtime.onVoice(voiceSocketHandlers(speech, config.VOICE_MAX_SECONDS));
  realtime.onSession(followTimeZone(credits));
  const billing = createBillingModule({
    config,
    db,
    log,
    auth: accounts.auth,
    users: accounts.lookup,
    credits,
    events,
    audit,
    mailer,
    onWebhookOutcome: metrics && ((type, outcome) => metrics.webhookEvents.inc({ type, outcome })),
  });
  /** The published catalog changed: open clients reload it (`personas.changed`, sent by realtime/). */
  const announceCatalog = () => void events.emit('personas.changed', {});
  /** What an operator does to the persona catalog (here: avatars need the file store). */
  const personaAdmin = new PersonaAdminService({
    db,
    repo: personas.personaRepository,
    personas: personas.personas,
    avatars,
    audit,
    announceCatalog,
    knowledge: documents.documents,
  });
  /** What an operator does to Pro (give days); `user.changed` is presented by accounts. */
  const proAdmin = new ProAdminService({
    db,
    audit,
    announceUser: (trx, userId) => accounts.userAdmin.announceUser(trx, userId),
  });
  const adminConsole = createConsoleModule({
    db,
    config,
    log,
    auth: accounts.auth,
    audit,
    users: accounts.userAdmin,
    pro: proAdmin,
    billing: billing.billingAdmin,
    personas: personaAdmin,
    feedback: feedback.feedbackAdmin,
    jobs,
  });
  const creator = createCreatorModule({
    config,
    db,
    events,
    auth: accounts.auth,
    users: accounts.lookup,
    llm,
    skills: skills.skills,
    credits,
    feedback: feedback.feedback,
    limiter,
    audit,
    store: files.store,
    knowledge: documents.documents,
    adminRoutes: adminConsole.adminRoutes,
    catalogChanged: () => {
      personas.personas.invalidateCatalog();
      announceCatalog();
    },
  });
  const media = createMediaModule({ config, db, events, auth: accounts.auth, limiter });
  const signInWith = createOidcModule({ config, db, events, log, accounts, passkeys: security.forOidc });

  const search = createSearchModule({ db, kind: config.database.kind, auth: accounts.auth });
  const sharing = createSharingModule({
    config,
    db,
    events,
    auth: accounts.auth,
    personas: personas.personas,
    files: files.files,
  });
  const takeoutDeps = { auth: accounts.auth, limiter, sharing: sharing.sharing, files: files.files };
  const takeout = createTakeoutModule({ config, db, log, events, jobs, memory: memory.memory, ...takeoutDeps });

  const pushDeps = { auth: accounts.auth, realtime, personas: personas.personaRepository };
  const notifications = createNotificationsModule({ config, db, log, events, jobs, ...pushDeps });
  const withJobs = [conversation, adminConsole, takeout, files, creator, chats, notifications, documents];
  for (const job of withJobs.flatMap((m) => m.jobs)) jobs.define(job);
  /** What runs between start and stop; the app adds its own (HTTP, sockets, …) and derives the order. */
  const parts: LifecyclePart[] = [
    personas.part,
    skills.part,
    media.part,
    signInWith.part,
    takeout.part,
    conversation.part,
    notifications.part,
    jobsPart(['personas', 'conversation', 'takeout', 'notifications']),
  ];
  const routes: FastifyPluginAsync[] = [
    personas.routes,
    personaAvatarRoutes(avatars),
    accounts.routes,
    security.routes,
    chats.routes,
    conversation.routes,
    feedback.routes,
    speechRoutes,
    ...billing.routes,
    skills.routes,
    ...documents.routes,
    documents.adminRoutes(adminConsole.adminRoutes),
    adminConsole.routes,
    media.routes,
    search.routes,
    ...sharing.routes,
    takeout.routes,
    memory.routes,
    ...creator.routes,
    signInWith.routes,
    signInWith.identityRoutes,
    ...notifications.routes,
  ];
  return {
    config,
    db,
    log,
    /** The Redis link when REDIS_URL is set (adapter, shared counters, rate limits, health). */
    redis,
    events,
    mailer,
    llm,
    credits,
    realtime,
    users: accounts.users,
    sessions: accounts.sessions,
    auth: accounts.auth,
    invites: accounts.invites,
    accounts: accounts.accounts,
    waitlist: accounts.waitlist,
    personas: personas.personas,
    personaRepository: personas.personaRepository,
    /** Persona avatars (upload, serve): the console's and people's own personas share them. */
    avatars,
    chats: chats.chats,
    chatService: chats.chatService,
    conversation: conversation.conversation,
    feedback: feedback.feedback,
    speech,
    billing: billing.billing,
    /** Set when PAYMENTS=stripe. */
    stripeWebhook: billing.stripeWebhook,
    skills: skills.skills,
    files: files.files,
    /** What an operator does (console and CLI), per feature, each change audited; the console's read model. */
    userAdmin: accounts.userAdmin,
    proAdmin,
    billingAdmin: billing.billingAdmin,
    personaAdmin,
    feedbackAdmin: feedback.feedbackAdmin,
    console: adminConsole.readModel,
    /** The audit log of every operator change. */
    audit,
    adminRoutes: adminConsole.adminRoutes,
    /** The console dashboard's closed days (kept by the `dashboard.days` job). */
    dashboardDays: adminConsole.dashboardDays,
    /** The job registry (jobs/): every module's jobs defined; started by the app's lifecycle. */
    jobs,
    parts,
    /** The outside-image proxy (signed links, SSRF-safe fetches). */
    imageProxy: media.proxy,
    search: search.search,
    sharing: sharing.sharing,
    archives: takeout.archives,
    memory: memory.memory,
    /** When pushes go out (issue #48; tests call it with a time). */
    notifier: notifications.notifier,
    /** People's own personas (issue #29). */
    creator: creator.creator,
    /** The API's route plugins, in order (each protected one authenticates in its own hook). */
    routes,
  };
}

/** What the app works with (the CLI gets `admin/port.ts`, tests the test kit's `server/test-port.ts`). */
export type AppModules = ReturnType<typeof composeModules>;
