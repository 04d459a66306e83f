import type { User } from '../auth/user.js';
import { personasOf } from '../chats/present.js';
import { inTransaction } from '../db/database.js';
import { isUniqueViolation } from '../db/errors.js';
import type { ChatRow, MessageRow, PersonaRow } from '../db/schema.js';
import { AppError, badRequest } from '../errors.js';
import type { StoredAttachment } from '../files/service.js';
import { newId } from '../lib/ids.js';
import type { ResolvedModel } from '../llm/registry.js';
import type { ReplyRegistry } from '../replies/registry.js';
import type { Admission } from './admission.js';
import type { ChatNamer } from './chat-namer.js';
import type { ConversationDeps } from './deps.js';
import type { GroupView } from './group-context.js';
import { type RoundMoney, releaseRound } from './group-money.js';
import { announce, editOpening, type Opening, sendOpening, versionsOf } from './group-openings.js';
import { pickSpeakers } from './group-speakers.js';
import type { ReplyRunner } from './reply-runner.js';
import type { RoundRepository } from './round-repository.js';
import { answerWithoutModel, userMessageRow } from './sending.js';
import { conversationTexts as t } from './texts.js';

/** One persona's turn in a round: who speaks, with which model. */
interface Turn {
  persona: PersonaRow;
  resolved: ResolvedModel;
}

/** A round admitted and stored: its user message (none for "Let … speak"), its turns and shells' ids. */
interface Round {
  id: string;
  userId: string;
  chatId: string;
  user: User;
  view: Omit<GroupView, 'self'>;
  turns: Turn[];
  ids: string[];
  replyTo: string | null;
  versioned: boolean;
}

/**
 * Group chats' rounds (issue #46): the replies to one message (every persona in order, or the
 * ones addressed) or one persona's extra turn. A round holds its chat (ReplyRegistry) and, with a
 * partial unique index, the database's one open round per chat; it reserves the sum of its
 * personas' prices before the first reply (all or nothing: 402, nothing stored); each reply is
 * a normal reply (ReplyRunner: own instructions, skills, memory, settlement), charged from that
 * hold as it starts; what it did not use goes back once at its end (Stop, a failed reply, shutdown;
 * the sweep for a process that died).
 */
export class GroupRounds {
  constructor(
    private readonly deps: ConversationDeps,
    private readonly rounds: RoundRepository,
    private readonly replies: ReplyRegistry,
    private readonly runner: ReplyRunner,
    private readonly admission: Admission,
    private readonly closing: () => boolean,
    private readonly namer: ChatNamer,
  ) {}

  private get money(): RoundMoney {
    return { db: this.deps.db, rounds: this.rounds, credits: this.deps.credits };
  }

  /** sendMessage in a group chat (admitted: the chat owned, the sender signed in, the attachments theirs). */
  async send(input: {
    chat: ChatRow;
    user: User;
    text: string;
    to?: string[];
    attachments: StoredAttachment[];
  }): Promise<{ messageId: string }> {
    const { chat, user } = input;
    const members = await this.admission.members(personasOf(chat));
    const speakers = pickSpeakers(members, input.text, input.to);
    const turns = this.turnsOf(speakers, user);
    const row = userMessageRow(user.id, chat.id, input.text, input.attachments);
    // No model configured: as in a chat of one persona, the notice answers and nothing is charged.
    if (!turns) return this.withoutModel(row, user);
    const round = this.roundOf(chat, user, members, turns);
    await this.open(round, sendOpening(this.deps, row, input.attachments));
    return { messageId: row.id };
  }

  /** editMessage in a group chat: the round runs again from the edited message (see group-edit.ts). */
  async edit(
    userId: string,
    input: { chatId: string; messageId: string; text: string; to?: string[] },
  ): Promise<{ messageId: string }> {
    const { user, chat } = await this.admission.turn(userId, input.chatId);
    const members = await this.admission.members(personasOf(chat));
    const turns = this.turnsOf(pickSpeakers(members, input.text, input.to), user);
    if (!turns) throw new AppError('conflict', t.noModelForAction);
    const round = this.roundOf(chat, user, members, turns);
    await this.open(
      round,
      await editOpening(this.deps, { userId, chatId: input.chatId, messageId: input.messageId, text: input.text }),
    );
    return { messageId: round.ids[0] ?? '' };
  }

  /** nextSpeaker: one persona of the chat speaks again, without a user message; answers its reply's id. */
  async nextSpeaker(userId: string, input: { chatId: string; personaId: string }): Promise<{ messageId: string }> {
    const { user, chat } = await this.admission.turn(userId, input.chatId);
    const members = await this.admission.members(personasOf(chat));
    const persona = members.find((p) => p.id === input.personaId);
    if (!persona) throw badRequest(t.notInGroup);
    const turns = this.turnsOf([persona], user);
    if (!turns) throw new AppError('conflict', t.noModelForAction);
    const round = this.roundOf(chat, user, members, turns);
    await this.open(round, { replyTo: null });
    return { messageId: round.ids[0] ?? '' };
  }

  /** The user's message and the no-model notice (sending.ts), the chat held meanwhile; nothing charged. */
  private async withoutModel(row: MessageRow, user: User): Promise<{ messageId: string }> {
    const chatId = row.chat_id;
    this.replies.reserveRound(chatId, t.busy);
    try {
      await this.admission.setups.step();
      if (await this.deps.messages.hasStreamingReply(chatId)) throw new AppError('conflict', t.busy);
      await answerWithoutModel(this.deps, this.namer, row, false, user.locale);
      return { messageId: row.id };
    } finally {
      this.replies.endRound(chatId);
    }
  }

  /** How `self` sees the group chat (a reply written again, retry or regenerate). */
  async viewOf(chat: ChatRow, self: string): Promise<GroupView> {
    const members = await this.admission.members(personasOf(chat));
    return { names: new Map(members.map((p) => [p.id, p.name])), first: chat.persona_id, self };
  }

  /** Each speaker checked (Pro, custom, unpublished) and given its model; undefined when none is configured. */
  private turnsOf(speakers: PersonaRow[], user: User): Turn[] | undefined {
    const turns: Turn[] = [];
    for (const persona of speakers) {
      const refused = this.admission.usable(persona, user.id, user);
      if (refused) throw refused;
      const resolved = this.deps.llm.getLanguageModel(persona.model);
      if (!resolved) return undefined;
      turns.push({ persona, resolved });
    }
    return turns;
  }

  private roundOf(chat: ChatRow, user: User, members: PersonaRow[], turns: Turn[]): Round {
    return {
      id: newId(),
      userId: user.id,
      chatId: chat.id,
      user,
      view: { names: new Map(members.map((p) => [p.id, p.name])), first: chat.persona_id },
      turns,
      ids: [],
      replyTo: null,
      versioned: false,
    };
  }

  /**
   * Reserves the chat (here, then in the database), holds the round's price and stores what the
   * opening stores (the user's message, an edit) in one transaction, then runs the round in the background.
   */
  private async open(round: Round, opening: Opening): Promise<void> {
    const { chatId, userId } = round;
    this.replies.reserveRound(chatId, t.busy);
    try {
      await this.admission.setups.step();
      if (await this.deps.messages.hasStreamingReply(chatId)) throw new AppError('conflict', t.busy);
      await opening.check?.();
      const reserved = round.turns.reduce((sum, turn) => sum + turn.persona.cost, 0);
      round.replyTo = opening.replyTo;
      round.versioned = opening.versioned === true;
      // The replies' ids follow the user message's (ids sort by time).
      round.ids = round.turns.map(() => newId());
      await inTransaction(this.deps.db, async (trx) => {
        await this.rounds.open({ id: round.id, chatId, userId, reserved }, trx);
        if (reserved > 0) await this.deps.credits.holdInTransaction(trx, userId, reserved);
        await opening.store?.(trx);
      }).catch((error: unknown) => {
        throw isUniqueViolation(error) ? new AppError('conflict', t.busy) : error;
      });
    } catch (error) {
      this.replies.endRound(chatId);
      throw error;
    }
    void this.replies.track(this.run(round, opening.after));
  }

  /** The round's replies, one at a time, until its last, a Stop or shutdown; then its release. */
  private async run(round: Round, after?: () => Promise<void>): Promise<void> {
    const { chatId, userId, user } = round;
    const hold = this.replies.holdOf(chatId);
    const replied: string[] = [];
    try {
      await after?.();
      for (const [index, turn] of round.turns.entries()) {
        if (hold?.stop !== undefined || this.closing()) break;
        const shell = await this.storeShell(round, turn, round.ids[index] ?? newId());
        if (!shell) break;
        const view: GroupView = { ...round.view, self: turn.persona.id };
        const admin = user.role === 'admin';
        const end = await this.runner.start(userId, shell, turn.persona, turn.resolved, {
          admin,
          locale: user.locale,
          group: view,
        });
        if (end === 'complete') replied.push(turn.persona.id);
      }
    } catch (error) {
      this.deps.log.error({ err: error, chatId }, 'group round failed');
    } finally {
      this.replies.endRound(chatId);
      if (replied.length > 0) {
        void this.deps.events.emit('round.finished', { userId, chatId, roundId: round.id, personaIds: replied });
      }
      await releaseRound(this.money, round.id).catch((error: unknown) =>
        this.deps.log.warn({ err: error, chatId }, 'round release failed; the sweep releases it'),
      );
    }
  }

  /** A reply's shell, charged from the round's hold, in one transaction; undefined when the round was closed. */
  private storeShell(round: Round, turn: Turn, id: string): Promise<MessageRow | undefined> {
    const { persona } = turn;
    const shell: MessageRow = {
      ...userMessageRow(round.userId, round.chatId, '', []),
      id,
      role: 'assistant',
      status: 'streaming',
      cost: persona.cost,
      reply_to: round.replyTo,
      persona_id: persona.id,
    };
    return inTransaction(this.deps.db, async (trx) => {
      if (!(await this.rounds.use(round.id, persona.cost, trx))) return undefined;
      if (persona.cost > 0) await this.deps.credits.chargeHeldInTransaction(trx, round.userId, persona.cost, id);
      await this.deps.messages.insert(shell, trx);
      const versions = round.versioned && round.replyTo ? await versionsOf(this.deps, round.replyTo, shell, trx) : [];
      announce(this.deps, trx, shell, versions.length > 1 ? versions : undefined);
      return shell;
    });
  }

  /** Open rounds left by a process that died (or whose release failed): released, once. */
  async sweep(before: string): Promise<number> {
    let released = 0;
    for (const stale of await this.rounds.listStaleOpen(before)) {
      if (this.replies.has(stale.chat_id)) continue;
      if (await this.deps.messages.hasStreamingReply(stale.chat_id)) continue;
      if (await releaseRound(this.money, stale.id)) released++;
    }
    return released;
  }
}
