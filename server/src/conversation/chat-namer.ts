import type { FastifyBaseLogger } from 'fastify';
import { deriveChatName } from '../chats/naming.js';
import type { ChatService } from '../chats/service.js';
import type { Db } from '../db/database.js';
import type { AttemptLimiter } from '../lib/limits/limiter.js';
import { Slots } from '../lib/slots.js';
import type { LlmRegistry, ResolvedModel } from '../llm/registry.js';
import type { PersonaRepository } from '../personas/repository.js';
import { type TitleUsage, titleFromModel, titleFromText } from './naming.js';
import { NamingGuard } from './naming-guard.js';
import type { MessageRepository } from './repository.js';

const NAMING_TIMEOUT_MS = 15_000;
/**
 * How many first exchanges are named at once (a model call and a rename each). A burst of new
 * chats ends its first replies together: their titles queue here instead of crowding the model
 * connection and the event loop ahead of the sends and tokens users are waiting for (issue #50).
 */
const NAMING_CONCURRENCY = 4;
/**
 * A title waits while sends are queued for their setup (a burst), at most this long: the model
 * calls, renames and `chat.renamed` of first exchanges stay out of the way of the sends and first
 * tokens users are waiting for (issue #50), and a steady stream of sends cannot starve them.
 */
export const NAMING_YIELD_MAX_MS = 2_000;

export interface ChatNamerDeps {
  db: Db;
  /** The process's one limiter: model titles per user and chat. */
  limiter: AttemptLimiter;
  log: FastifyBaseLogger;
  messages: MessageRepository;
  personas: PersonaRepository;
  llm: LlmRegistry;
  chats: Pick<ChatService, 'ownedRow' | 'rename'>;
  /** Resolves once no send waits for its setup (Admission.quiet); titles yield to a burst. */
  quiet?: () => Promise<void>;
}

/**
 * Names chats from their conversation (the model's short title when one is configured and answers)
 * and renames them through the chats feature, which announces `chat.renamed`.
 */
export class ChatNamer {
  /** Model titles are limited per user and chat, and their tokens recorded (finding N6). */
  readonly guard: NamingGuard;
  /** First exchanges being named (NAMING_CONCURRENCY at once, the others wait in order). */
  private readonly naming: Slots;

  constructor(
    private readonly deps: ChatNamerDeps,
    /** Aborted on shutdown: a title being asked for is given up. */
    private readonly shutdown: AbortSignal,
  ) {
    this.guard = new NamingGuard(deps.db, deps.limiter);
    this.naming = new Slots(NAMING_CONCURRENCY);
  }

  /** The model's title, when the limits allow one more; its tokens are recorded. */
  private async modelTitle(
    userId: string,
    chatId: string,
    resolved: ResolvedModel,
    exchange: { user: string; assistant: string },
  ): Promise<string | undefined> {
    if (!(await this.guard.allow(userId, chatId))) return undefined;
    let usage: TitleUsage | undefined;
    const title = await titleFromModel(resolved.model, exchange, this.signal(), (u) => {
      usage = u;
    });
    if (usage) await this.guard.record(userId, chatId, resolved.modelId, usage);
    return title;
  }

  /**
   * After the first complete exchange: the model's title, else the first words of the message.
   * At most NAMING_CONCURRENCY at once.
   */
  nameFirstExchange(
    userId: string,
    chatId: string,
    exchange: { user: string; assistant: string },
    resolved: ResolvedModel | undefined,
  ): Promise<string> {
    return this.naming.run(() => this.nameNow(userId, chatId, exchange, resolved));
  }

  private async nameNow(
    userId: string,
    chatId: string,
    exchange: { user: string; assistant: string },
    resolved: ResolvedModel | undefined,
  ): Promise<string> {
    await this.yieldToSends();
    let name: string | undefined;
    if (resolved) {
      name = await this.modelTitle(userId, chatId, resolved, exchange).catch((error) => {
        this.deps.log.warn({ err: error, chatId }, 'model could not name the chat; using the first message');
        return undefined;
      });
    }
    name ??= titleFromText(exchange.user);
    await this.deps.chats.rename(userId, chatId, name);
    return name;
  }

  /** No model: the chat is named after the first message. */
  nameFromText(userId: string, chatId: string, text: string): Promise<void> {
    return this.deps.chats.rename(userId, chatId, titleFromText(text));
  }

  /**
   * generateName: the model's title when a model is configured and answers, else a name derived
   * from the first user message, else the persona's name.
   */
  async generateName(userId: string, chatId: string): Promise<string> {
    const chat = await this.deps.chats.ownedRow(userId, chatId);
    const persona = await this.deps.personas.findById(chat.persona_id);
    const first = (await this.deps.messages.firstUserMessage(chatId))?.content;
    let name: string | undefined;
    if (first) name = deriveChatName(await this.suggestTitle(userId, chatId, persona?.model ?? undefined, first), 120);
    name ??= deriveChatName(first) ?? persona?.name ?? chat.name;
    await this.deps.chats.rename(userId, chatId, name);
    return name;
  }

  /** A model-written title for the chat's first exchange; undefined without a model or an answer. */
  private async suggestTitle(
    userId: string,
    chatId: string,
    model: string | undefined,
    userText: string,
  ): Promise<string | undefined> {
    const resolved = this.deps.llm.getLanguageModel(model);
    if (!resolved) return undefined;
    const first = await this.deps.messages.listFirst(chatId, 10);
    const assistant = first.find((m) => m.role === 'assistant' && m.content.trim())?.content ?? '';
    return this.modelTitle(userId, chatId, resolved, { user: userText, assistant }).catch((error) => {
      this.deps.log.warn({ err: error, chatId }, 'model could not name the chat');
      return undefined;
    });
  }

  /** Waits while sends are queued for their setup, at most NAMING_YIELD_MAX_MS. */
  private async yieldToSends(): Promise<void> {
    if (!this.deps.quiet) return;
    let timer: NodeJS.Timeout | undefined;
    const cap = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, NAMING_YIELD_MAX_MS);
      timer.unref();
    });
    try {
      await Promise.race([this.deps.quiet(), cap]);
    } finally {
      clearTimeout(timer);
    }
  }

  private signal(): AbortSignal {
    return AbortSignal.any([this.shutdown, AbortSignal.timeout(NAMING_TIMEOUT_MS)]);
  }
}
