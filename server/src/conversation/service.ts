import type { ChatStatus, Message } from '@neura/contract';
import type { PresentOptions } from '../chats/present.js';
import type { ChatRow } from '../db/schema.js';
import { ReplyRegistry } from '../replies/registry.js';
import { parseStopMessage, STOP_MESSAGE_EVENT, type StopMessage } from '../replies/stop-message.js';
import { Admission, messageText, type VersionAction } from './admission.js';
import { ChatNamer } from './chat-namer.js';
import type { ConversationDeps } from './deps.js';
import type { CreatedChat } from './first-message.js';
import { GroupRounds } from './group-round.js';
import { historyPage } from './history.js';
import { ReplyRecovery } from './recovery.js';
import { ReplyRunner } from './reply-runner.js';
import { storeVersion } from './reply-versions.js';
import { answerWithoutModel, outcome, readsBeside, sendRows, storeSend } from './sending.js';

/** An open round untouched this long, with no reply streaming in its chat, is released by the sweep. */
const ROUND_STALE_MS = 10 * 60_000;

/** How long a reply gathers its later deltas into one frame while a burst of sends is admitted. */
const BURST_DELTA_GATHER_MS = 50;

/** A send's message (sendMessage, a draft's first one). */
type SendInput = { chatId: string; text: string; attachments?: string[]; to?: string[] };

/** How many messages `reloadChat` sends back (the newest page). */
export const RELOAD_PAGE_SIZE = 50;

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
  /** Admitted replies, streamed in the background and settled. */
  private readonly runner: ReplyRunner;
  /** The checks before a reply may start (including the setups' one-per-turn gate). */
  private readonly admission: Admission;
  /** Group chats' rounds (issue #46). */
  private readonly groups: GroupRounds;
  /** Sends whose charge and messages are being stored now. */
  private storing = 0;

  constructor(private readonly deps: ConversationDeps) {
    // Titles yield to a burst of sends (issue #50): `admission` is set just below, before any send.
    this.namer = new ChatNamer({ ...deps, quiet: () => this.admission.setups.quiet() }, this.shutdownController.signal);
    this.runner = new ReplyRunner(
      // While sends wait for their setup (a burst), replies gather their later deltas a little
      // longer: fewer frames to write leave the loop to the sends (issue #50). First deltas go at once.
      { ...deps, gatherMs: () => (this.admission.setups.burst() ? BURST_DELTA_GATHER_MS : 0) },
      this.replies,
      this.namer,
      () => this.closing,
      (messageId, reply) => this.recovery.markUnfinished(messageId, reply),
    );
    this.recovery = new ReplyRecovery(
      { ...deps, settle: (settlement) => this.runner.settle(settlement, this.runner.newsOf(settlement)) },
      this.replies,
    );
    this.admission = new Admission(deps, this.replies, () => this.closing);
    this.groups = new GroupRounds(
      deps,
      deps.rounds,
      this.replies,
      this.runner,
      this.admission,
      () => this.closing,
      this.namer,
    );
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

  /**
   * sendMessage: answers the user's message id; the reply streams to the user's room. `created`:
   * the chat was made by this very request (createChatWithMessage; see Admission.reserveSend and
   * CreatedChat).
   */
  send(userId: string, input: SendInput, created?: CreatedChat): Promise<{ messageId: string }> {
    return this.admission.setups.run(() => this.admitSend(userId, input, created));
  }

  private async admitSend(userId: string, input: SendInput, created?: CreatedChat): Promise<{ messageId: string }> {
    const { chatId } = input;
    const text = messageText(input.text);
    const admitted = await this.admission.send(userId, input, created);
    const { user, chat, persona, attachments, temporary, state } = admitted;
    // A group chat: a round of its personas (issue #46).
    if (!persona) return this.groups.send({ chat, user, text, attachments, ...(input.to ? { to: input.to } : {}) });
    await this.admission.setups.step();
    const { isFirst, resolved } = await this.admission.reserveSend(chatId, persona, state);
    // The reply's memory is made now: the user's settings are read beside the charge (issue #50).
    const memory = resolved ? this.deps.memory?.({ userId, chatId, personaId: persona.id, temporary }) : undefined;
    try {
      const rows = sendRows(userId, chatId, text, attachments, persona);
      if (!resolved) {
        await answerWithoutModel(this.deps, this.namer, rows.userMessage, isFirst, user.locale, created?.rows);
        this.replies.unreserve(chatId);
        return { messageId: rows.userMessage.id };
      }
      // Alone, the reply asks the model once the send's charge has passed, inside its transaction,
      // and reads the answer once that has committed (`admitted`; a send not stored ends it
      // unheard). In a burst the charge comes last (a shorter hold on the balance row the user's
      // other sends wait for) and the reply starts after the commit (issue #50).
      const { stored, storing } = outcome();
      const reads = readsBeside(this.deps, rows, { persona, attachments, created: created !== undefined, stored });
      const start = (admitted?: Promise<boolean>) =>
        void this.runner.start(userId, rows.shell, persona, resolved, {
          firstText: isFirst ? text : undefined,
          admin: user.role === 'admin',
          locale: user.locale,
          temporary,
          ...(admitted ? { admitted } : {}),
          ...reads,
          ...(memory ? { memory } : {}),
        });
      const alone = this.storing === 0 && !this.admission.setups.busy();
      let early = false;
      const covered = () => {
        early = alone && this.storing === 1 && !this.admission.setups.busy();
        if (early) start(stored);
      };
      this.storing++;
      await storing(
        storeSend(this.deps, rows, attachments, persona, { covered, chat: created?.rows, chargeLast: !alone }),
      ).finally(() => this.storing--);
      await this.admission.setups.step();
      if (!early) start();
      return { messageId: rows.userMessage.id };
    } catch (error) {
      this.replies.unreserve(chatId);
      throw error;
    }
  }

  /** retryMessage: a failed last reply gets a new version, charged like a new message. */
  retry(userId: string, input: { chatId: string; messageId: string }): Promise<{ messageId: string }> {
    return this.admission.setups.run(() => this.newVersion(userId, input, 'retry'));
  }

  /** regenerateMessage: the last reply gets a new version; the old one stays readable. */
  regenerate(userId: string, input: { chatId: string; messageId: string }): Promise<{ messageId: string }> {
    return this.admission.setups.run(() => this.newVersion(userId, input, 'regenerate'));
  }

  /**
   * editMessage: the chat's last user message gets the new text (edited in place: the old text is
   * not kept) and a new reply; the replies to the old text stay readable as earlier versions.
   */
  edit(
    userId: string,
    input: { chatId: string; messageId: string; text: string; to?: string[] },
  ): Promise<{ messageId: string }> {
    const text = messageText(input.text);
    return this.isGroup(userId, input.chatId).then((group) =>
      // A group chat (issue #46): the round runs again from the edited message (`to`: who answers).
      group
        ? this.groups.edit(userId, { ...input, text })
        : this.admission.setups.run(() => this.newVersion(userId, input, 'edit', text)),
    );
  }

  private async isGroup(userId: string, chatId: string): Promise<boolean> {
    return Boolean((await this.ownedChat(userId, chatId)).personas);
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
    const { target, user, persona, chat, temporary } = await this.admission.action(userId, input);
    const { replyTo, resolved } = await this.admission.reserveAction(chatId, target, persona, action);
    try {
      await this.admission.setups.step();
      // A group's reply is written again by its persona, seeing the group as it did (issue #46).
      const group = chat.personas ? await this.groups.viewOf(chat, persona.id) : undefined;
      const shell = await storeVersion(this.deps, userId, chatId, { target, persona, replyTo, text });
      await this.admission.setups.step();
      void this.runner.start(userId, shell, persona, resolved, {
        admin: user.role === 'admin',
        locale: user.locale,
        temporary,
        ...(group ? { group } : {}),
      });
      return { messageId: shell.id };
    } catch (error) {
      this.replies.unreserve(chatId);
      throw error;
    }
  }

  /** nextSpeaker (issue #46): one persona of the chat speaks again, without a user message. */
  nextSpeaker(userId: string, input: { chatId: string; personaId: string }): Promise<{ messageId: string }> {
    return this.groups.nextSpeaker(userId, input);
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
  async recoverInterrupted(now = Date.now(), periodic = false): Promise<number> {
    const settled = await this.recovery.recoverInterrupted(now, periodic);
    // Rounds of group chats left open (their process died): what they held goes back.
    await this.groups.sweep(new Date(now - ROUND_STALE_MS).toISOString());
    return settled;
  }

  /** Graceful shutdown: stop every reply; each fails and is refunded (`llm:interrupted`), as after a crash. */
  async shutdown(): Promise<void> {
    this.closing = true;
    this.shutdownController.abort();
    this.replies.stopAll('shutdown');
    await this.replies.settle();
  }
}
