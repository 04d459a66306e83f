import type { FastifyBaseLogger } from 'fastify';
import { Authenticator } from './accounts/authenticate.js';
import { InviteRepository } from './accounts/invite-repository.js';
import { InviteService } from './accounts/invite-service.js';
import { SessionRepository } from './accounts/session-repository.js';
import { UserRepository } from './accounts/user-repository.js';
import { ChatRepository } from './chats/repository.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { FeedbackRepository } from './feedback/repository.js';
import { FeedbackService } from './feedback/service.js';
import { PersonaRepository } from './personas/repository.js';
import { PersonaService } from './personas/service.js';
import { Realtime } from './realtime/realtime.js';
import { sessionReady } from './realtime/session-ready.js';

/** Everything the routes, sockets and the admin CLI use, wired once per process. */
export interface Services {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  users: UserRepository;
  sessions: SessionRepository;
  auth: Authenticator;
  invites: InviteService;
  personas: PersonaService;
  realtime: Realtime;
  chats: ChatRepository;
  feedback: FeedbackService;
}

export function createServices(config: Config, db: Db, log: FastifyBaseLogger): Services {
  const users = new UserRepository(db);
  const sessions = new SessionRepository(db);
  const auth = new Authenticator(sessions, users);
  const chats = new ChatRepository(db);
  const realtime = new Realtime(auth, log);
  realtime.onSession(sessionReady(chats));
  return {
    config,
    db,
    log,
    users,
    sessions,
    auth,
    invites: new InviteService(new InviteRepository(db)),
    personas: new PersonaService(new PersonaRepository(db)),
    realtime,
    chats,
    feedback: new FeedbackService(new FeedbackRepository(db)),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
