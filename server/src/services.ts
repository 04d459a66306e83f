import type { FastifyBaseLogger } from 'fastify';
import { AccountService } from './accounts/account-service.js';
import { AttemptLimiter } from './accounts/attempt-limiter.js';
import { AttemptRepository } from './accounts/attempt-repository.js';
import { Authenticator } from './accounts/authenticate.js';
import { CaptchaVerifier } from './accounts/captcha.js';
import { CodeRepository } from './accounts/code-repository.js';
import { CodeService } from './accounts/code-service.js';
import { InviteRepository } from './accounts/invite-repository.js';
import { InviteService } from './accounts/invite-service.js';
import { SessionRepository } from './accounts/session-repository.js';
import { UserRepository } from './accounts/user-repository.js';
import { WaitlistRepository } from './accounts/waitlist-repository.js';
import { WaitlistService } from './accounts/waitlist-service.js';
import { ChatRepository } from './chats/repository.js';
import { ChatService } from './chats/service.js';
import { chatSocketHandlers } from './chats/socket.js';
import type { Config } from './config.js';
import { MessageRepository } from './conversation/repository.js';
import { ConversationService } from './conversation/service.js';
import { conversationSocket } from './conversation/socket.js';
import { CreditRepository } from './credits/repository.js';
import { CreditService } from './credits/service.js';
import type { Db } from './db/database.js';
import { FeedbackRepository } from './feedback/repository.js';
import { FeedbackService } from './feedback/service.js';
import { LlmRegistry } from './llm/registry.js';
import { Mailer } from './mail/mailer.js';
import { PersonaRepository } from './personas/repository.js';
import { PersonaService } from './personas/service.js';
import { Realtime } from './realtime/realtime.js';
import type { RedisLink } from './realtime/redis-health.js';
import { sessionReady } from './realtime/session-ready.js';

/** Everything the routes, sockets and the admin CLI use, wired once per process. */
export interface Services {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  /** The Redis link when REDIS_URL is set (shared counters, health). */
  redis?: RedisLink;
  users: UserRepository;
  sessions: SessionRepository;
  auth: Authenticator;
  invites: InviteService;
  personas: PersonaService;
  realtime: Realtime;
  chats: ChatRepository;
  chatService: ChatService;
  mailer: Mailer;
  accounts: AccountService;
  waitlist: WaitlistService;
  credits: CreditService;
  llm: LlmRegistry;
  conversation: ConversationService;
  feedback: FeedbackService;
}

export function createServices(config: Config, db: Db, log: FastifyBaseLogger, redis?: RedisLink): Services {
  const users = new UserRepository(db);
  const sessions = new SessionRepository(db);
  const auth = new Authenticator(sessions, users);
  const chats = new ChatRepository(db);
  const realtime = new Realtime(auth, log);
  realtime.onSession(sessionReady(chats));
  const personas = new PersonaService(new PersonaRepository(db));
  const chatService = new ChatService(chats, personas, users, realtime);
  realtime.onSession(chatSocketHandlers(chatService, (err) => log.error({ err }, 'chat socket handler failed')));
  const invites = new InviteService(new InviteRepository(db));
  const mailer = new Mailer(config.SMTP_URL, config.MAIL_FROM, log, { logBodies: config.mailToLog });
  const limiter = new AttemptLimiter(new AttemptRepository(db), redis, log);
  const codes = new CodeService(new CodeRepository(db), limiter);
  const captcha = new CaptchaVerifier(config.RECAPTCHA_SECRET, config.RECAPTCHA_VERIFY_URL);
  const accounts = new AccountService({
    config,
    db,
    users,
    sessions,
    invites,
    codes,
    limiter,
    captcha,
    mailer,
    realtime,
    log,
  });
  const appUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const waitlist = new WaitlistService(new WaitlistRepository(db), invites, limiter, mailer, appUrl, log);
  const credits = new CreditService(db, new CreditRepository(db), realtime);
  const llm = new LlmRegistry(config);
  const conversation = new ConversationService({
    config,
    db,
    log,
    messages: new MessageRepository(db),
    personas: new PersonaRepository(db),
    users,
    credits,
    llm,
    realtime,
    chats: chatService,
  });
  realtime.onSession(conversationSocket(conversation, log));
  chatService.setNamer(({ chat, firstUserMessage }) =>
    conversation.suggestTitle(chat.id, chat.persona, firstUserMessage),
  );
  chatService.setBeforeDelete((chatId) => conversation.cancelChat(chatId));
  return {
    config,
    db,
    log,
    redis,
    users,
    sessions,
    auth,
    invites,
    personas,
    realtime,
    chats,
    chatService,
    mailer,
    accounts,
    waitlist,
    credits,
    llm,
    conversation,
    feedback: new FeedbackService(new FeedbackRepository(db)),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
