import { type ChatStatus, MAX_MESSAGE_LENGTH } from '@neura/contract';
import type { User, UserLookup } from '../auth/user.js';
import type { ChatService } from '../chats/service.js';
import type { ChatRow, MessageRow, PersonaRow } from '../db/schema.js';
import { isPro } from '../entitlements/pro.js';
import { AppError, badRequest, notFound } from '../errors.js';
import type { FileService, StoredAttachment } from '../files/service.js';
import type { LlmRegistry, ResolvedModel } from '../llm/registry.js';
import { chatClosedReason } from '../personas/availability.js';
import { assertCustomPersonaUsable } from '../personas/custom.js';
import type { PersonaRepository } from '../personas/repository.js';
import type { ReplyRegistry } from '../replies/registry.js';
import type { ConversationDocuments } from './deps.js';
import type { CreatedChat } from './first-message.js';
import type { MessageRepository } from './repository.js';
import type { RoundRepository } from './round-repository.js';
import { SetupGate } from './setup-gate.js';
import { conversationTexts as t } from './texts.js';

/** Whether the chat holds a message yet, and a reply streaming (MessageRepository.chatState). */
type ChatState = Awaited<ReturnType<MessageRepository['chatState']>>;

/** What the admission checks read: the chat's owner, the sender, the persona, the chat's messages, the model. */
export interface AdmissionDeps {
  chats: Pick<ChatService, 'ownedRow'>;
  users: Pick<UserLookup, 'findById'>;
  personas: Pick<PersonaRepository, 'findById' | 'ofChat'>;
  messages: Pick<MessageRepository, 'findById' | 'chatState' | 'hasStreamingReply' | 'latestInChat'>;
  llm: Pick<LlmRegistry, 'getLanguageModel'>;
  files?: Pick<FileService, 'forMessage'>;
  rounds?: Pick<RoundRepository, 'hasOpen'>;
  documents?: Pick<ConversationDocuments, 'describe'>;
}

/** The sender's row, or the refusal of a session whose user is gone. */
function signedIn(user: User | undefined): User {
  if (!user) throw new AppError('auth:invalid-token', 'Your session has expired. Please sign in again.');
  return user;
}

/** The message actions that make a new reply version. */
export type VersionAction = 'retry' | 'regenerate' | 'edit';

/** A message's text, trimmed; empty or too long is refused. */
export function messageText(raw: string): string {
  const text = raw.trim();
  if (!text) throw badRequest(t.empty);
  if (text.length > MAX_MESSAGE_LENGTH) throw badRequest(t.tooLong(MAX_MESSAGE_LENGTH));
  return text;
}

/**
 * Everything a send or a message action checks before a reply may start: the setup's turn (one per
 * event-loop turn), not shutting down, the chat and message owned, the sender signed in, the persona
 * there and Pro-only for Pro users, the attachments the sender's, the chat free (reserved here, and
 * nothing streaming in another process), the action applying, a model configured.
 */
export class Admission {
  /** The setups' one-per-turn gate, and whether a burst of them is being admitted (SetupGate). */
  readonly setups = new SetupGate();

  constructor(
    private readonly deps: AdmissionDeps,
    private readonly replies: ReplyRegistry,
    private readonly closing: () => boolean,
  ) {}

  /**
   * sendMessage, before the chat is reserved: the sender, the persona and the attachments.
   * `created`: the chat was made by this very request (see CreatedChat).
   */
  async send(
    userId: string,
    input: { chatId: string; attachments?: string[] },
    created?: CreatedChat,
  ): Promise<{
    user: User;
    chat: ChatRow;
    persona: PersonaRow | undefined;
    attachments: StoredAttachment[];
    temporary: boolean;
    /** The chat's state, read with the chat (none for a chat this request created): see reserveSend. */
    state: ChatState | undefined;
  }> {
    await this.enter();
    // The chat, the sender and the chat's state are read at once (round trips less on PostgreSQL).
    // Reading the state before the chat is reserved is as safe as after: this process's other
    // sends meet the reservation, another process's reply the database's streaming index.
    // The chat's persona too, by the chat's id: its use is checked once the chat is known to be theirs.
    const [chat, found, state, ofChat] = await Promise.all([
      created?.rows?.chat ?? this.deps.chats.ownedRow(userId, input.chatId),
      created?.user ?? this.deps.users.findById(userId),
      created ? undefined : this.deps.messages.chatState(input.chatId),
      created?.rows ? created.rows.persona : created ? undefined : this.deps.personas.ofChat(input.chatId),
    ]);
    // A group chat (issue #46): its speakers are checked by `speakers` once they are known.
    const { user, persona } = chat.personas
      ? { user: signedIn(found), persona: undefined }
      : await this.sender(userId, chat, { user: found, ...(ofChat ? { persona: ofChat } : {}) });
    // Every attachment must be the sender's file (another user's id answers like an unknown one).
    const attachments = input.attachments?.length ? await this.attachmentsOf(userId, input.attachments) : [];
    return { user, chat, persona, attachments, temporary: chat.temporary === 1, state };
  }

  /** nextSpeaker (issue #46), before the chat is reserved: the chat owned and the sender signed in. */
  async turn(userId: string, chatId: string): Promise<{ user: User; chat: ChatRow }> {
    await this.enter();
    const chat = await this.deps.chats.ownedRow(userId, chatId);
    return { user: await this.signedIn(userId), chat };
  }

  /** A group chat's personas in speaking order (one whose row is gone left out). */
  async members(ids: readonly string[]): Promise<PersonaRow[]> {
    const rows = await Promise.all(ids.map((id) => this.deps.personas.findById(id)));
    return rows.filter((row): row is PersonaRow => row !== undefined);
  }

  /** Why `user` may not have a reply of this persona now (see `sender`); undefined when they may. */
  usable(persona: PersonaRow, userId: string, user: User): AppError | undefined {
    const closed = this.closedFor(persona, userId);
    if (closed) return closed;
    if (persona.requires_pro === 1 && !isPro(user)) return new AppError('pro:required', t.proRequired);
    return undefined;
  }

  /**
   * Reserves the chat for a send: busy when a reply is streaming in it (here or in another
   * process). Answers whether the chat is still empty and its model (none configured: undefined).
   * On success the chat stays reserved: the caller unreserves it if its setup fails. `state`: the
   * chat's as `send` read it; none when the chat was created by this very request
   * (createChatWithMessage), so it is empty and nothing streams in it (a send racing in from
   * another process still meets the database's one-streaming-reply-per-chat index when the send
   * is stored).
   */
  reserveSend(
    chatId: string,
    persona: PersonaRow,
    state: ChatState | undefined,
  ): Promise<{ isFirst: boolean; resolved: ResolvedModel | undefined }> {
    return this.reserve(chatId, async () => {
      if (!state) return { isFirst: true, resolved: this.deps.llm.getLanguageModel(persona.model) };
      // Another process may be streaming in this chat (scale-out).
      if (state.streaming) throw new AppError('conflict', t.busy);
      return { isFirst: state.empty, resolved: this.deps.llm.getLanguageModel(persona.model) };
    });
  }

  /** A message action, before the chat is reserved: the target message, the sender and the persona. */
  async action(
    userId: string,
    input: { chatId: string; messageId: string },
  ): Promise<{ target: MessageRow; user: User; persona: PersonaRow; chat: ChatRow; temporary: boolean }> {
    await this.enter();
    const { chatId } = input;
    const chat = await this.deps.chats.ownedRow(userId, chatId);
    const target = await this.deps.messages.findById(input.messageId);
    if (!target || target.chat_id !== chatId) throw notFound(t.messageGone);
    const temporary = chat.temporary === 1;
    if (!chat.personas) return { target, chat, temporary, ...(await this.sender(userId, chat)) };
    // A group chat (issue #46): a reply is written again by the persona that wrote it (an edit runs
    // a whole round: GroupRounds.edit).
    if (target.role !== 'assistant') throw new AppError('conflict', t.notLastReply);
    const { user, persona } = await this.sender(userId, { ...chat, persona_id: target.persona_id ?? chat.persona_id });
    return { target, user, persona, chat, temporary };
  }

  /**
   * Reserves the chat for a message action and checks that it applies: nothing streaming, the
   * chat's last user message (edit) or its last reply, failed for retry. Answers the user message
   * the new version replies to and the model. On success the chat stays reserved (see reserveSend).
   */
  reserveAction(
    chatId: string,
    target: MessageRow,
    persona: PersonaRow,
    action: VersionAction,
  ): Promise<{ replyTo: string; resolved: ResolvedModel }> {
    const { messages } = this.deps;
    return this.reserve(chatId, async () => {
      if (await messages.hasStreamingReply(chatId)) throw new AppError('conflict', t.busy);
      // A group's round open in another process (between two of its replies).
      if (await this.deps.rounds?.hasOpen(chatId)) throw new AppError('conflict', t.busy);
      let replyTo: string;
      if (action === 'edit') {
        const lastUser = await messages.latestInChat(chatId, 'user');
        if (target.role !== 'user' || lastUser?.id !== target.id) throw new AppError('conflict', t.notLastUserMessage);
        replyTo = target.id;
      } else {
        const last = await messages.latestInChat(chatId);
        if (target.role !== 'assistant' || last?.id !== target.id || target.superseded) {
          throw new AppError('conflict', t.notLastReply);
        }
        if (action === 'retry' && target.status !== 'failed') throw new AppError('conflict', t.notFailed);
        const question = target.reply_to ?? (await messages.latestInChat(chatId, 'user'))?.id;
        if (!question) throw new AppError('conflict', t.notLastReply);
        replyTo = question;
      }
      const resolved = this.deps.llm.getLanguageModel(persona.model);
      if (!resolved) throw new AppError('conflict', t.noModelForAction);
      return { replyTo, resolved };
    });
  }

  /**
   * GET /users/me/chats/{id}/status: whether a message can be sent in the user's chat now (the
   * persona's rule; 404 when the chat is not theirs), so the chat page can show a read-only note.
   */
  async status(userId: string, chatId: string): Promise<ChatStatus> {
    const chat = await this.deps.chats.ownedRow(userId, chatId);
    const persona = await this.deps.personas.findById(chat.persona_id);
    const reason = persona ? this.closedFor(persona, userId) : notFound(t.personaGone);
    return { canSend: !reason, reason: reason ? reason.toBody() : null };
  }

  /** Why `userId` cannot send to this persona now (someone else's private or deleted custom one, an unpublished one). */
  private closedFor(persona: PersonaRow, userId: string): AppError | undefined {
    try {
      assertCustomPersonaUsable(persona, userId);
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
    return chatClosedReason(persona);
  }

  /** Waits for the setup's turn; refused once the server is shutting down. */
  private async enter(): Promise<void> {
    await this.setups.enter();
    if (this.closing()) throw new AppError('llm:interrupted', t.restarting);
  }

  private async signedIn(userId: string): Promise<User> {
    return signedIn(await this.deps.users.findById(userId));
  }

  /**
   * The signed-in sender and the chat's persona (Pro-only personas for Pro users; custom ones as
   * personas/custom.ts says). `known`: the sender's row and the chat's persona when the caller has
   * read them already.
   */
  private async sender(
    userId: string,
    chat: ChatRow,
    known?: { user: User | undefined; persona?: PersonaRow },
  ): Promise<{ user: User; persona: PersonaRow }> {
    const [found, persona] = await Promise.all([
      known ? known.user : this.deps.users.findById(userId),
      known?.persona ?? this.deps.personas.findById(chat.persona_id),
    ]);
    const user = signedIn(found);
    if (!persona) throw notFound(t.personaGone);
    // A custom persona: the owner, or anyone while it is unlisted or public; deleted → 409.
    assertCustomPersonaUsable(persona, userId);
    // An unpublished persona's chats stay readable, but take no new messages (409 persona:unpublished).
    const closed = chatClosedReason(persona);
    if (closed) throw closed;
    if (persona.requires_pro === 1 && !isPro(user)) throw new AppError('pro:required', t.proRequired);
    return { user, persona };
  }

  private async attachmentsOf(userId: string, ids: string[]) {
    if (!this.deps.files) throw badRequest(t.noAttachments);
    const attachments = await this.deps.files.forMessage(userId, ids);
    return this.deps.documents ? this.deps.documents.describe(userId, attachments) : attachments;
  }

  /** Check and reserve with no await in between (one reply at a time per chat), then run `check`; a failed check frees the chat. */
  private async reserve<T>(chatId: string, check: () => Promise<T>): Promise<T> {
    this.replies.reserve(chatId, t.busy);
    try {
      return await check();
    } catch (error) {
      this.replies.unreserve(chatId);
      throw error;
    }
  }
}
