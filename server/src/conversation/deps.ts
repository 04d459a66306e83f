import type { FastifyBaseLogger } from 'fastify';
import type { UserLookup } from '../auth/user.js';
import type { ChatService } from '../chats/service.js';
import type { Config } from '../config.js';
import type { CreditService } from '../credits/service.js';
import type { Db } from '../db/database.js';
import type { DocumentsForReply, ReplyDocumentsPlace } from '../documents/grounding.js';
import type { DocumentService } from '../documents/service.js';
import type { FileService } from '../files/service.js';
import type { EventBus } from '../lib/events.js';
import type { AttemptLimiter } from '../lib/limits/limiter.js';
import type { LlmRegistry } from '../llm/registry.js';
import type { MemoryForReply, ReplyPlace } from '../memory/context.js';
import type { PersonaRepository } from '../personas/repository.js';
import type { Realtime } from '../realtime/realtime.js';
import type { OpenReplyStream } from '../realtime/reply-stream.js';
import type { SkillRegistry } from '../skills/registry.js';
import type { MessageRepository } from './repository.js';
import type { RoundRepository } from './round-repository.js';

/** What the conversation feature is built from (conversation/module.ts composes it). */
export interface ConversationDeps {
  config: Config;
  db: Db;
  /** The process's one limiter (model titles). */
  limiter: AttemptLimiter;
  log: FastifyBaseLogger;
  /** News (`message.created`, …) goes out on the bus after its commit; realtime/ sends it to the user's room. */
  events: EventBus;
  messages: MessageRepository;
  /** Group chats' rounds (their credit holds). */
  rounds: RoundRepository;
  personas: PersonaRepository;
  users: UserLookup;
  credits: CreditService;
  llm: LlmRegistry;
  /** The reply stream (`reply-engine.ts`), recovery's `message.error` and cross-process stops. */
  realtime: Pick<Realtime, 'attached' | 'toUser' | 'session'>;
  /** Where a reply's stream goes (`message.delta` … `message.done`): its user's devices. */
  replyStreams: OpenReplyStream;
  /** The chats feature owns the `chats` table: ownership checks, previews and names go through it. */
  chats: Pick<ChatService, 'ownedRow' | 'recordActivity' | 'recordActivityIn' | 'rename' | 'insertIn'>;
  /** The tools a reply may offer (persona skills ∩ available). */
  skills?: Pick<SkillRegistry, 'toolsFor'>;
  /** Attachments: ownership, chat ties, signed urls and the bytes the model sees. */
  files?: Pick<FileService, 'forMessage' | 'attachToChat' | 'url' | 'readOwned'>;
  /** The user's memory for one reply (memory/): its section, tools and receipt part; none when off. */
  memory?: (place: ReplyPlace) => MemoryForReply;
  /** The chat's documents (documents/): their names on attachments, their passages for each reply. */
  documents?: ConversationDocuments;
}

/** What the conversation asks of documents/ (issue #45). */
export interface ConversationDocuments {
  describe: DocumentService['describe'];
  forReply: (place: ReplyDocumentsPlace) => DocumentsForReply;
}
