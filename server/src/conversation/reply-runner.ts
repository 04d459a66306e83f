import type { Locale } from '@neura/contract';
import { fromJson } from '../db/database.js';
import type { MessageRow, PersonaRow } from '../db/schema.js';
import type { DocumentsForReply } from '../documents/grounding.js';
import { withLanguage } from '../i18n/catalog.js';
import { failpoint } from '../lib/failpoints.js';
import { nowIso } from '../lib/time.js';
import type { ResolvedModel } from '../llm/registry.js';
import type { MemoryForReply } from '../memory/context.js';
import type { ReplyRegistry } from '../replies/registry.js';
import { Reply, type ReplyEnd } from '../replies/reply.js';
import { type Settlement, type SettleNews, settleReply } from '../replies/settle.js';
import type { ChatNamer } from './chat-namer.js';
import type { ConversationDeps } from './deps.js';
import { type GroupView, groupNote } from './group-context.js';
import { presentMessage } from './present.js';
import { type ContextRow, type ReplyResult, runReply } from './reply-engine.js';

/** How a reply starts: the first text (names the chat), an admin sender, the user's language, a temporary chat. */
export interface ReplyOptions {
  firstText?: string;
  admin?: boolean;
  locale?: Locale | null;
  temporary?: boolean;
  /** In a group chat: how this persona sees it (issue #46). */
  group?: GroupView;
  /** The reply's memory when the send made it as it was admitted (its settings read beside the charge). */
  memory?: MemoryForReply;
  /** The reply's documents when the send made them as it was admitted (their read beside the charge). */
  documents?: DocumentsForReply;
  /**
   * The chat's context as the send knows it: a chat it created holds its one message (nothing is
   * read back); else read beside its charge (reply-engine.ts `contextWith`).
   */
  context?: Promise<ContextRow[]>;
  /**
   * A send's reply started beside its charge, before the send's commit (issue #50): true once the
   * send is stored, false when it was not (see runReply's `admitted`).
   */
  admitted?: Promise<boolean>;
}

/**
 * A reply's life in this process once it is admitted and stored (conversation/service.ts): it is
 * registered as its chat's active reply, streamed by the reply engine in the background, settled
 * (replies/settle.ts), and a first exchange names its chat.
 */
export class ReplyRunner {
  constructor(
    /** `gatherMs`: how long a reply's later deltas are gathered (reply-engine.ts). */
    private readonly deps: ConversationDeps & { gatherMs?: () => number },
    private readonly replies: ReplyRegistry,
    private readonly namer: ChatNamer,
    private readonly closing: () => boolean,
    /** Its settlement did not happen (a database cut): the sweep settles it as interrupted. */
    private readonly unfinished: (messageId: string, reply: Reply) => void,
  ) {}

  /**
   * Registers the reply as this chat's active one and streams it in the background; the promise
   * (tracked for shutdown) settles once it has ended, with how it ended (undefined: not settled).
   */
  start(
    userId: string,
    shell: MessageRow,
    persona: PersonaRow,
    resolved: ResolvedModel,
    options: ReplyOptions = {},
  ): Promise<ReplyEnd | undefined> {
    const { firstText, admin = false, locale = null, temporary = false, group, memory, admitted } = options;
    const reply = new Reply(shell.chat_id, userId, shell.id, admin, locale);
    this.replies.register(reply);
    // Started before its send's commit: a send not stored frees its chat at once.
    if (!admitted) failpoint('reply.admitted');
    else void admitted.then((stored) => (stored ? failpoint('reply.admitted') : this.replies.release(reply)));
    if (this.closing()) reply.stop('shutdown');
    const skills = fromJson<string[]>(persona.included_skills, []);
    // In a group, the persona is told who it is among the others.
    const instructions = persona.system_prompt + (group ? groupNote(group) : '');
    return this.replies.track(
      this.reply(
        reply,
        resolved,
        // The model is told the user's language (issue #43).
        {
          systemPrompt: withLanguage(instructions, locale),
          skills,
          personaId: persona.id,
          // The persona's knowledge as admission read it (documents/: no second read per reply).
          knowledge: persona.knowledge,
          temporary,
        },
        firstText,
        group,
        { memory, context: options.context, admitted, documents: options.documents },
      ),
    );
  }

  /** A reply's one final step (replies/settle.ts), on this service's database, ledger and messages. */
  settle(settlement: Settlement, news: SettleNews): Promise<MessageRow | undefined> {
    return settleReply({ db: this.deps.db, store: this.deps.messages, credits: this.deps.credits }, settlement, news);
  }

  /** The news of a settlement that has no live reply here (recovery): presented as any user sees it. */
  newsOf(settlement: Settlement): SettleNews {
    return {
      stream: this.deps.replyStreams(settlement.reply),
      present: (row) => presentMessage(row, this.deps.files),
    };
  }

  private async reply(
    reply: Reply,
    resolved: ResolvedModel,
    persona: {
      systemPrompt: string;
      skills: string[];
      personaId: string;
      knowledge: PersonaRow['knowledge'];
      temporary: boolean;
    },
    firstText?: string,
    group?: GroupView,
    send: Pick<ReplyOptions, 'memory' | 'context' | 'admitted' | 'documents'> = {},
  ): Promise<ReplyEnd | undefined> {
    const { chatId, userId } = reply;
    const { memory, admitted } = send;
    let outcome: ReplyResult | undefined;
    try {
      const tools = this.deps.skills?.toolsFor(persona.skills, {
        user: { id: userId },
        chat: { id: chatId },
        persona: { id: persona.personaId },
        messageId: reply.messageId,
        signal: reply.signal,
      });
      const { CONTEXT_TOKEN_BUDGET, LLM_IDLE_TIMEOUT_SECONDS, REPLY_SAVE_EVERY_MS } = this.deps.config;
      const limits = {
        tokenBudget: CONTEXT_TOKEN_BUDGET,
        idleTimeoutMs: LLM_IDLE_TIMEOUT_SECONDS * 1000,
        progressSaveMs: REPLY_SAVE_EVERY_MS,
      };
      const result = await runReply({ ...this.deps, ...limits, settle: (s, news) => this.settle(s, news) }, reply, {
        model: resolved.model,
        modelId: resolved.modelId,
        systemPrompt: persona.systemPrompt,
        tools,
        // A temporary chat neither reads nor writes memory (issue #49).
        memory:
          memory ?? this.deps.memory?.({ userId, chatId, personaId: persona.personaId, temporary: persona.temporary }),
        documents:
          send.documents ??
          this.deps.documents?.forReply({
            chatId,
            personaId: persona.personaId,
            userId,
            messageId: reply.messageId,
            knowledge: persona.knowledge,
          }),
        ...(group ? { group } : {}),
        ...(send.context ? { context: send.context } : {}),
        ...(admitted ? { admitted } : {}),
      });
      // Its send was not stored (issue #50): no reply was, nothing to settle or announce.
      if (!result) return undefined;
      outcome = result;
      // The chat is free as soon as the reply has ended (its message.done / message.error is out):
      // a send right after it must not meet "busy" while the chat's preview is written.
      this.replies.release(reply);
      // A group round is pushed once, when it ends (group-round.ts), not per persona.
      if (outcome.status === 'complete' && !group) {
        const finished = { userId, chatId, messageId: reply.messageId, personaId: persona.personaId };
        void this.deps.events.emit('reply.finished', { ...finished, text: outcome.content });
      }
      if (outcome.content.trim()) await this.touch(userId, chatId, outcome.content, nowIso());
    } catch (error) {
      this.deps.log.error({ err: error, chatId }, 'reply engine failed');
      // Its settlement did not happen (a database cut): the sweep settles it as interrupted.
      if (outcome === undefined) this.unfinished(reply.messageId, reply);
    } finally {
      this.replies.release(reply);
    }
    if (firstText !== undefined && outcome?.status === 'complete' && !this.closing()) {
      await this.namer
        .nameFirstExchange(userId, chatId, { user: firstText, assistant: outcome.content }, resolved)
        .catch((error) => this.deps.log.warn({ err: error, chatId }, 'chat naming failed'));
    }
    return outcome?.status;
  }

  private touch(userId: string, chatId: string, text: string, at: string): Promise<void> {
    return this.deps.chats.recordActivity(userId, chatId, text, at);
  }
}
