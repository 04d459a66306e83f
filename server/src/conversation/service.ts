import type { ChatStatus, Locale, Message } from '@neura/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { UserLookup } from '../auth/user.js';
import type { PresentOptions } from '../chats/present.js';
import type { ChatService } from '../chats/service.js';
import type { Config } from '../config.js';
import type { CreditService } from '../credits/service.js';
import { type Db, fromJson, inTransaction, type Tx } from '../db/database.js';
import { isUniqueViolation } from '../db/errors.js';
import type { ChatRow, MessageRow, PersonaRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { FileService } from '../files/service.js';
import { withLanguage } from '../i18n/catalog.js';
import type { EventBus } from '../lib/events.js';
import { failpoint } from '../lib/failpoints.js';
import { newId } from '../lib/ids.js';
import type { AttemptLimiter } from '../lib/limits/limiter.js';
import { nowIso } from '../lib/time.js';
import type { LlmRegistry, ResolvedModel } from '../llm/registry.js';
import type { PersonaRepository } from '../personas/repository.js';
import type { Realtime } from '../realtime/realtime.js';
import type { OpenReplyStream } from '../realtime/reply-stream.js';
import { ReplyRegistry } from '../replies/registry.js';
import { Reply } from '../replies/reply.js';
import { type Settlement, type SettleNews, settleReply } from '../replies/settle.js';
import { parseStopMessage, STOP_MESSAGE_EVENT, type StopMessage } from '../replies/stop-message.js';
import type { SkillRegistry } from '../skills/registry.js';
import { Admission, messageText, type VersionAction } from './admission.js';
import { ChatNamer } from './chat-namer.js';
import { historyPage } from './history.js';
import { presentMessage } from './present.js';
import { ReplyRecovery } from './recovery.js';
import { runReply } from './reply-engine.js';
import { storeVersion } from './reply-versions.js';
import { type MessageRepository, NO_OUTCOME } from './repository.js';
import { conversationTexts as t } from './texts.js';

/** How many messages `reloadChat` sends back (the newest page). */
export const RELOAD_PAGE_SIZE = 50;

export interface ConversationDeps {
  config: Config;
  db: Db;
  /** The process's one limiter (model titles). */
  limiter: AttemptLimiter;
  log: FastifyBaseLogger;
  /** News (`message.created`, …) goes out on the bus after its commit; realtime/ sends it to the user's room. */
  events: EventBus;
  messages: MessageRepository;
  personas: PersonaRepository;
  users: UserLookup;
  credits: CreditService;
  llm: LlmRegistry;
  /** The reply stream (`reply-engine.ts`), recovery's `message.error` and cross-process stops. */
  realtime: Pick<Realtime, 'attached' | 'toUser' | 'session'>;
  /** Where a reply's stream goes (`message.delta` … `message.done`): its user's devices. */
  replyStreams: OpenReplyStream;
  /** The chats feature owns the `chats` table: ownership checks, previews and names go through it. */
  chats: Pick<ChatService, 'ownedRow' | 'recordActivity' | 'recordActivityIn' | 'rename'>;
  /** The tools a reply may offer (persona skills ∩ available). */
  skills?: Pick<SkillRegistry, 'toolsFor'>;
  /** Attachments: ownership, chat ties, signed urls and the bytes the model sees. */
  files?: Pick<FileService, 'forMessage' | 'attachToChat' | 'url' | 'readOwned'>;
}

/**
 * The conversation façade the routes and the socket use: send (admission → charge → persist →
 * stream), reply versions, stop, history pages, chat naming, crash recovery and graceful shutdown.
 */
export class ConversationService {
  /** Chats with a reply being generated in this process ('pending' while a send is set up). */
  private readonly replies = new ReplyRegistry();
  private readonly recovery: ReplyRecovery;
  private readonly shutdownController = new AbortController();
  private closing = false;
  private readonly namer: ChatNamer;
  /** The checks before a reply may start (including the setups' one-per-turn gate). */
  private readonly admission: Admission;

  constructor(private readonly deps: ConversationDeps) {
    this.namer = new ChatNamer(deps, this.shutdownController.signal);
    this.recovery = new ReplyRecovery(
      { ...deps, settle: (settlement) => this.settle(settlement, this.newsOf(settlement)) },
      this.replies,
    );
    this.admission = new Admission(deps, this.replies, () => this.closing);
  }

  private ownedChat(userId: string, chatId: string): Promise<ChatRow> {
    return this.deps.chats.ownedRow(userId, chatId);
  }

  /** One page of history, oldest first within the page; `before` pages further back. */
  async listMessages(
    userId: string,
    chatId: string,
    page: { before?: string; limit: number },
    view: PresentOptions = {},
  ): Promise<Message[]> {
    await this.ownedChat(userId, chatId);
    return historyPage(this.deps, this.replies, userId, chatId, page, view);
  }

  /** Whether a message can be sent in the user's chat now (a chat of an unpublished persona: no). */
  chatStatus(userId: string, chatId: string): Promise<ChatStatus> {
    return this.admission.status(userId, chatId);
  }

  /** sendMessage: answers the user's message id; the reply streams to the user's room. */
  async send(
    userId: string,
    input: { chatId: string; text: string; attachments?: string[] },
  ): Promise<{ messageId: string }> {
    const { chatId } = input;
    const text = messageText(input.text);
    const { user, persona, attachments } = await this.admission.send(userId, input);
    const { messages } = this.deps;

    await this.admission.step();
    const { isFirst, resolved } = await this.admission.reserveSend(chatId, persona);
    try {
      const now = nowIso();
      const userMessage: MessageRow = {
        ...NO_OUTCOME,
        id: newId(),
        chat_id: chatId,
        user_id: userId,
        role: 'user',
        content: text,
        parts: null,
        attachments: attachments.length ? JSON.stringify(attachments) : null,
        status: 'complete',
        cost: 0,
        created_at: now,
        updated_at: now,
        reply_to: null,
        superseded: 0,
      };
      if (!resolved) {
        await this.answerWithoutModel(userMessage, isFirst);
        this.replies.unreserve(chatId);
        return { messageId: userMessage.id };
      }

      const shell: MessageRow = {
        ...NO_OUTCOME,
        ...userMessage,
        id: newId(),
        role: 'assistant',
        content: '',
        attachments: null,
        status: 'streaming',
        cost: persona.cost,
        reply_to: userMessage.id,
      };
      // Charge and persist together: the user's message is stored before the model is called.
      // The database holds one streaming reply per chat (unique index): a second process racing
      // for the same chat fails here and its charge rolls back with the transaction.
      // The chat's preview is written in the same transaction (one commit per send). The balance,
      // the two messages and the preview reach the user's devices once it commits.
      await inTransaction(this.deps.db, async (trx) => {
        if (persona.cost > 0) await this.deps.credits.chargeInTransaction(trx, userId, persona.cost, shell.id);
        await messages.insert(userMessage, trx);
        await messages.insert(shell, trx);
        if (attachments.length)
          await this.deps.files?.attachToChat(
            attachments.map((a) => a.id),
            chatId,
            trx,
          );
        this.announceCreated(trx, userMessage, shell);
        await this.deps.chats.recordActivityIn(trx, userId, chatId, text, now);
      }).catch((error: unknown) => {
        throw isUniqueViolation(error) ? new AppError('conflict', t.busy) : error;
      });

      await this.admission.step();
      this.startReply(userId, shell, persona, resolved, isFirst ? text : undefined, user.role === 'admin', user.locale);
      return { messageId: userMessage.id };
    } catch (error) {
      this.replies.unreserve(chatId);
      throw error;
    }
  }

  /** retryMessage: a failed last reply gets a new version, charged like a new message. */
  retry(userId: string, input: { chatId: string; messageId: string }): Promise<{ messageId: string }> {
    return this.newVersion(userId, input, 'retry');
  }

  /** regenerateMessage: the last reply gets a new version; the old one stays readable. */
  regenerate(userId: string, input: { chatId: string; messageId: string }): Promise<{ messageId: string }> {
    return this.newVersion(userId, input, 'regenerate');
  }

  /**
   * editMessage: the chat's last user message gets the new text (edited in place: the old text is
   * not kept) and a new reply; the replies to the old text stay readable as earlier versions.
   */
  edit(userId: string, input: { chatId: string; messageId: string; text: string }): Promise<{ messageId: string }> {
    const text = messageText(input.text);
    return this.newVersion(userId, input, 'edit', text);
  }

  /**
   * The message actions' common path: admitted (the chat and message owned, the action applies,
   * nothing streaming, see Admission), the new version is stored (see storeVersion) and streamed
   * like a send.
   */
  private async newVersion(
    userId: string,
    input: { chatId: string; messageId: string },
    action: VersionAction,
    text?: string,
  ): Promise<{ messageId: string }> {
    const { chatId } = input;
    const { target, user, persona } = await this.admission.action(userId, input);
    const { replyTo, resolved } = await this.admission.reserveAction(chatId, target, persona, action);
    try {
      await this.admission.step();
      const shell = await storeVersion(this.deps, userId, chatId, { target, persona, replyTo, text });
      await this.admission.step();
      this.startReply(userId, shell, persona, resolved, undefined, user.role === 'admin', user.locale);
      return { messageId: shell.id };
    } catch (error) {
      this.replies.unreserve(chatId);
      throw error;
    }
  }

  /** Registers the reply as this chat's active one and streams it in the background. */
  private startReply(
    userId: string,
    shell: MessageRow,
    persona: PersonaRow,
    resolved: ResolvedModel,
    firstText?: string,
    admin = false,
    locale: Locale | null = null,
  ): void {
    failpoint('reply.admitted');
    const reply = new Reply(shell.chat_id, userId, shell.id, admin);
    this.replies.register(reply);
    if (this.closing) reply.stop('shutdown');
    const skills = fromJson<string[]>(persona.included_skills, []);
    this.replies.track(
      this.reply(
        reply,
        resolved,
        // The model is told the user's language (issue #43).
        { systemPrompt: withLanguage(persona.system_prompt, locale), skills, personaId: persona.id },
        firstText,
      ),
    );
  }

  /** A reply's one final step (replies/settle.ts), on this service's database, ledger and messages. */
  private settle(settlement: Settlement, news: SettleNews): Promise<MessageRow | undefined> {
    return settleReply({ db: this.deps.db, store: this.deps.messages, credits: this.deps.credits }, settlement, news);
  }

  /** The news of a settlement that has no live reply here (recovery): presented as any user sees it. */
  private newsOf(settlement: Settlement): SettleNews {
    return {
      stream: this.deps.replyStreams(settlement.reply),
      present: (row) => presentMessage(row, this.deps.files),
    };
  }

  private async reply(
    reply: Reply,
    resolved: ResolvedModel,
    persona: { systemPrompt: string; skills: string[]; personaId: string },
    firstText?: string,
  ) {
    const { chatId, userId } = reply;
    let outcome: Awaited<ReturnType<typeof runReply>> | undefined;
    try {
      const tools = this.deps.skills?.toolsFor(persona.skills, {
        user: { id: userId },
        chat: { id: chatId },
        persona: { id: persona.personaId },
        messageId: reply.messageId,
        signal: reply.signal,
      });
      const { CONTEXT_TOKEN_BUDGET, LLM_IDLE_TIMEOUT_SECONDS } = this.deps.config;
      const limits = { tokenBudget: CONTEXT_TOKEN_BUDGET, idleTimeoutMs: LLM_IDLE_TIMEOUT_SECONDS * 1000 };
      outcome = await runReply({ ...this.deps, ...limits, settle: (s, news) => this.settle(s, news) }, reply, {
        model: resolved.model,
        modelId: resolved.modelId,
        systemPrompt: persona.systemPrompt,
        tools,
      });
      // The chat is free as soon as the reply has ended (its message.done / message.error is out):
      // a send right after it must not meet "busy" while the chat's preview is written.
      this.replies.release(reply);
      if (outcome.content.trim()) await this.touch(userId, chatId, outcome.content, nowIso());
    } catch (error) {
      this.deps.log.error({ err: error, chatId }, 'reply engine failed');
      // Its settlement did not happen (a database cut): the sweep settles it as interrupted.
      if (outcome === undefined) this.recovery.markUnfinished(reply.messageId, reply);
    } finally {
      this.replies.release(reply);
    }
    if (firstText !== undefined && outcome?.status === 'complete' && !this.closing) {
      await this.namer
        .nameFirstExchange(userId, chatId, { user: firstText, assistant: outcome.content }, resolved)
        .catch((error) => this.deps.log.warn({ err: error, chatId }, 'chat naming failed'));
    }
  }

  /** No model configured: a system message says so and how to set one; nothing is charged. */
  private async answerWithoutModel(userMessage: MessageRow, isFirst: boolean): Promise<void> {
    const { chat_id: chatId, user_id: userId } = userMessage;
    const now = nowIso();
    const notice: MessageRow = {
      ...NO_OUTCOME,
      ...userMessage,
      id: newId(),
      role: 'system',
      content: t.noModel,
      attachments: null,
      created_at: now,
      updated_at: now,
    };
    await inTransaction(this.deps.db, async (trx) => {
      await this.deps.messages.insert(userMessage, trx);
      await this.deps.messages.insert(notice, trx);
      const ids = fromJson<Array<{ id: string }>>(userMessage.attachments, []).map((a) => a.id);
      if (ids.length) await this.deps.files?.attachToChat(ids, chatId, trx);
      this.announceCreated(trx, userMessage, notice);
    });
    // The notice is a reply that is complete at once: it ends like a streamed one (the stream's event).
    this.deps.replyStreams({ userId, chatId, messageId: notice.id }).done(presentMessage(notice, this.deps.files));
    await this.touch(userId, chatId, userMessage.content, userMessage.created_at);
    if (isFirst) await this.namer.nameFromText(userId, chatId, userMessage.content);
  }

  /** `message.created` for each stored row, in order, once `trx` commits. */
  private announceCreated(trx: Tx, ...rows: MessageRow[]): void {
    for (const row of rows) {
      const message = presentMessage(row, this.deps.files);
      this.deps.events.emitAfterCommit(trx, 'message.created', { userId: row.user_id, chatId: row.chat_id, message });
    }
  }

  private touch(userId: string, chatId: string, text: string, at: string): Promise<void> {
    return this.deps.chats.recordActivity(userId, chatId, text, at);
  }

  /** The chat-title limits and token records (ChatNamer). */
  get namingGuard() {
    return this.namer.guard;
  }

  /** generateName: see ChatNamer. */
  generateName(userId: string, chatId: string): Promise<string> {
    return this.namer.generateName(userId, chatId);
  }

  /** The newest page of the chat's messages for `reloadChat`: a reply streaming here shows its text so far. */
  latestMessages(userId: string, chatId: string): Promise<Message[]> {
    return this.listMessages(userId, chatId, { limit: RELOAD_PAGE_SIZE });
  }

  /**
   * stopMessage: stops the reply being generated in the chat — also one whose send is still being
   * set up here; with Redis, a typed stop message reaches the process generating it. False when
   * there is none.
   */
  async stop(userId: string, chatId: string): Promise<boolean> {
    await this.ownedChat(userId, chatId);
    if (this.replies.stop(chatId, 'stop')) return true;
    // Scale-out: the reply may be generated by another process.
    if (this.deps.config.REDIS_URL !== undefined && this.deps.realtime.attached) {
      const message: StopMessage = { type: 'reply.stop', chatId, userId };
      this.deps.realtime.session.serverSideEmit(STOP_MESSAGE_EVENT, message);
      return true;
    }
    return false;
  }

  /** With Redis: stop messages from other processes reach the one generating the reply. */
  listenToCluster(): void {
    if (this.deps.config.REDIS_URL === undefined) return;
    this.deps.realtime.session.on(STOP_MESSAGE_EVENT, (payload: unknown) => {
      const message = parseStopMessage(payload);
      if (message) this.replies.stop(message.chatId, 'stop');
      else this.deps.log.warn({ payload }, 'ignored a malformed stop message from another process');
    });
  }

  /** Stops the chat's reply without an ownership check (e.g. when the chat is being deleted). */
  cancelChat(chatId: string): void {
    this.replies.stop(chatId, 'stop');
  }

  /** True while a reply is being generated in the chat by this process. */
  isReplying(chatId: string): boolean {
    return this.replies.has(chatId);
  }

  /** Replies left `streaming` by a process that died, or whose end could not be stored: see ReplyRecovery. */
  recoverInterrupted(now = Date.now(), periodic = false): Promise<number> {
    return this.recovery.recoverInterrupted(now, periodic);
  }

  /**
   * Starts the periodic sweep: replies of dead processes (scale-out) and replies whose end could
   * not be stored (a database cut as they ended, in any setup) are failed and refunded.
   */
  startSweeper(): void {
    this.recovery.startSweeper();
  }

  /** Stops the periodic sweep (a process that only serves, never recovers: tests' helpers). */
  stopSweeper(): void {
    this.recovery.stopSweeper();
  }

  /** Graceful shutdown: stop every reply; each fails and is refunded (`llm:interrupted`), as after a crash. */
  async shutdown(): Promise<void> {
    this.closing = true;
    this.recovery.stopSweeper();
    this.shutdownController.abort();
    this.replies.stopAll('shutdown');
    await this.replies.settle();
  }
}
