import type { FastifyBaseLogger } from 'fastify';
import type { Authenticator, Principal } from '../auth/authenticate.js';
import type { UserLookup } from '../auth/user.js';
import type { ChatService } from '../chats/service.js';
import type { Config } from '../config.js';
import type { CreditService } from '../credits/service.js';
import type { Db } from '../db/database.js';
import type { FileService } from '../files/service.js';
import type { AppJob } from '../jobs/module.js';
import type { EventBus } from '../lib/events.js';
import type { LifecyclePart } from '../lib/lifecycle.js';
import type { AttemptLimiter } from '../lib/limits/limiter.js';
import type { LlmRegistry } from '../llm/registry.js';
import type { MemoryForReply, ReplyPlace } from '../memory/context.js';
import type { PersonaRepository } from '../personas/repository.js';
import type { Realtime } from '../realtime/realtime.js';
import { replyStreams } from '../realtime/reply-stream.js';
import type { SkillRegistry } from '../skills/registry.js';
import type { ConversationDocuments } from './deps.js';
import { MessageRepository } from './repository.js';
import { RoundRepository } from './round-repository.js';
import { conversationRoutes } from './routes.js';
import { ConversationService } from './service.js';
import { conversationSocket } from './socket.js';

export interface ConversationModuleDeps {
  config: Config;
  db: Db;
  limiter: AttemptLimiter;
  log: FastifyBaseLogger;
  events: EventBus;
  auth: Authenticator;
  users: UserLookup;
  personaRepository: PersonaRepository;
  credits: CreditService;
  llm: LlmRegistry;
  realtime: Realtime<Principal>;
  chatService: ChatService;
  /** The tools a reply may offer (persona skills ∩ available). */
  skills: SkillRegistry;
  files: FileService;
  /** The user's memory for one reply (its section, tools and receipt part); undefined when off. */
  memory?: (place: ReplyPlace) => MemoryForReply;
  documents?: ConversationDocuments;
}

/** Conversation: messages, the reply engine, history and chat naming. */
export function createConversationModule(deps: ConversationModuleDeps) {
  const messages = new MessageRepository(deps.db);
  const conversation = new ConversationService({
    config: deps.config,
    db: deps.db,
    limiter: deps.limiter,
    log: deps.log,
    events: deps.events,
    messages,
    rounds: new RoundRepository(deps.db),
    personas: deps.personaRepository,
    users: deps.users,
    credits: deps.credits,
    llm: deps.llm,
    realtime: deps.realtime,
    replyStreams: replyStreams(deps.realtime),
    chats: deps.chatService,
    skills: deps.skills,
    files: deps.files,
    ...(deps.memory ? { memory: deps.memory } : {}),
    ...(deps.documents ? { documents: deps.documents } : {}),
  });
  deps.realtime.onSession(
    conversationSocket(conversation, { chats: deps.chatService, users: deps.users, log: deps.log }),
  );
  // A chat being deleted: stop the reply being written in it first.
  deps.events.on('chat.deleting', ({ chatId }) => conversation.cancelChat(chatId));
  deps.events.on('user.deleting', ({ userId, trx }) => messages.deleteAllOf(userId, trx));
  deps.events.on('user.deleting', ({ userId, trx }) => conversation.namingGuard.deleteAllOf(userId, trx));
  /**
   * Starts once the catalog is seeded and sockets are attached: replies a dead process left are
   * ended, then stop messages of other processes are heard. Stops (every live reply interrupted
   * and refunded) before sockets close.
   */
  const part: LifecyclePart = {
    name: 'conversation',
    after: ['personas', 'realtime'],
    start: async () => {
      await conversation.recoverInterrupted();
      conversation.listenToCluster();
    },
    stop: () => conversation.shutdown(),
  };
  /**
   * The reply sweep runs in every process: replies whose end could not be stored are held in that
   * process's memory; with Redis it also ends replies of processes that died.
   */
  const jobs: AppJob[] = [
    {
      name: 'replies.sweep',
      scope: 'process',
      every: deps.config.REPLY_SWEEP_EVERY_MS,
      firstAfterMs: deps.config.REPLY_SWEEP_EVERY_MS,
      run: (_payload, { now }) => conversation.recoverInterrupted(now, true),
    },
  ];
  return {
    conversation,
    routes: conversationRoutes(
      deps.auth,
      conversation,
      { chats: deps.chatService, messages },
      { db: deps.db, chats: deps.chatService, messages, files: deps.files },
    ),
    part,
    jobs,
  };
}
