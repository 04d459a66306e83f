import {
  type Chat,
  type ChatPatchRequest,
  type ChatUpdatedPayload,
  type Message,
  PRO_REQUIRED_MESSAGE,
  type SessionServerEvents,
} from '@neura/contract';
import { isPro } from '../accounts/present-user.js';
import type { UserRepository } from '../accounts/user-repository.js';
import { fromBool } from '../db/database.js';
import { AppError } from '../errors.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import type { PersonaService } from '../personas/service.js';
import type { Realtime } from '../realtime/realtime.js';
import { deriveChatName } from './naming.js';
import { PREVIEW_MAX, presentChat, presentMessage, previewOf } from './present.js';

export { PREVIEW_MAX, previewOf };

import type { ChatRepository } from './repository.js';

/** How many messages `reloadChat` sends back (the newest page). */
export const RELOAD_PAGE_SIZE = 50;

/** Longest list preview kept for a chat. */

const CHAT_NOT_FOUND = 'This chat does not exist or is not yours.';

/**
 * Names a chat from its conversation; undefined falls back to the derived name. The conversation
 * engine plugs a model-backed namer in with `chatService.setNamer(...)`.
 */
export type ChatNamer = (input: {
  userId: string;
  chat: Chat;
  firstUserMessage: string;
}) => Promise<string | undefined>;

/**
 * Chat rules: ownership (404 for another user's chat), Pro gating of personas, and the events that
 * keep every session of the user in step (SPEC.md §4 Cross-session sync).
 */
export class ChatService {
  private namer: ChatNamer | undefined;
  private beforeDelete: ((chatId: string) => void) | undefined;

  constructor(
    private readonly chats: ChatRepository,
    private readonly personas: PersonaService,
    private readonly users: UserRepository,
    private readonly realtime: Realtime,
  ) {}

  setNamer(namer: ChatNamer | undefined): void {
    this.namer = namer;
  }

  /** Runs before a chat is deleted (the reply engine stops a reply being written in it). */
  setBeforeDelete(hook: ((chatId: string) => void) | undefined): void {
    this.beforeDelete = hook;
  }

  async list(userId: string): Promise<Chat[]> {
    return (await this.chats.listForUser(userId)).map(presentChat);
  }

  /** The user's chat, or a 404 AppError (also for another user's chat). */
  async getOwnedChat(userId: string, chatId: string): Promise<Chat> {
    const row = await this.chats.findOwned(userId, chatId);
    if (!row) throw new AppError('not-found', CHAT_NOT_FOUND);
    return presentChat(row);
  }

  /** createChat(persona): only published personas; requiresPro ones only for Pro users. */
  async create(userId: string, personaId: unknown): Promise<Chat> {
    if (typeof personaId !== 'string' || personaId.trim() === '') {
      throw new AppError('request:invalid', 'Choose a persona to start a chat with.');
    }
    const persona = await this.personas.getPublished(personaId.trim());
    if (!persona) throw new AppError('not-found', 'That persona is not available.');
    if (persona.requiresPro) {
      const user = await this.users.findById(userId);
      if (!user || !isPro(user)) {
        throw new AppError('pro:required', PRO_REQUIRED_MESSAGE);
      }
    }
    const now = nowIso();
    const row = {
      id: newId(),
      user_id: userId,
      persona_id: persona.id,
      name: persona.name,
      last_message_at: null,
      preview: null,
      is_pinned: 0,
      is_archived: 0,
      created_at: now,
      updated_at: now,
    };
    await this.chats.insert(row);
    const chat = presentChat(row);
    this.emit(userId, 'chat.created', { chat });
    return chat;
  }

  /** PATCH: exactly one of name, isPinned, isArchived (validated by the route). */
  async patch(userId: string, chatId: string, patch: ChatPatchRequest): Promise<Chat> {
    const changes =
      patch.name !== undefined
        ? { name: patch.name }
        : patch.isPinned !== undefined
          ? { is_pinned: fromBool(patch.isPinned) }
          : { is_archived: fromBool(patch.isArchived ?? false) };
    if (!(await this.chats.updateOwned(userId, chatId, changes))) throw new AppError('not-found', CHAT_NOT_FOUND);
    const chat = await this.getOwnedChat(userId, chatId);
    if (patch.name !== undefined) {
      this.emit(userId, 'chat.renamed', { chatId, name: chat.name });
    } else {
      const updatedFields: ChatUpdatedPayload['updatedFields'] =
        patch.isPinned !== undefined ? { isPinned: chat.isPinned } : { isArchived: chat.isArchived };
      this.emit(userId, 'chat.updated', { chatId, updatedFields });
    }
    return chat;
  }

  async delete(userId: string, chatId: unknown): Promise<void> {
    if (typeof chatId !== 'string' || chatId === '') throw new AppError('request:invalid', 'Name the chat to delete.');
    await this.getOwnedChat(userId, chatId);
    this.beforeDelete?.(chatId);
    if (!(await this.chats.deleteOwned(userId, chatId))) throw new AppError('not-found', CHAT_NOT_FOUND);
    this.emit(userId, 'chat.deleted', { chatId });
  }

  /**
   * Names the chat from its conversation: the plugged-in namer (the model) when there is one and
   * it answers, else a name derived from the first user message, else the persona's name.
   */
  async generateName(userId: string, chatId: unknown): Promise<string> {
    if (typeof chatId !== 'string' || chatId === '') throw new AppError('request:invalid', 'Name the chat to rename.');
    const chat = await this.getOwnedChat(userId, chatId);
    const first = (await this.chats.firstUserMessage(chatId))?.content;
    let name: string | undefined;
    if (this.namer && first) {
      const suggested = await this.namer({ userId, chat, firstUserMessage: first });
      name = deriveChatName(suggested, 120);
    }
    name ??= deriveChatName(first) ?? (await this.personas.getAny(chat.persona))?.name ?? chat.name;
    await this.chats.updateOwned(userId, chatId, { name });
    this.emit(userId, 'chat.renamed', { chatId, name });
    return name;
  }

  /** The newest page of the chat's messages, oldest first (for `reloadChat`). */
  async latestMessages(userId: string, chatId: unknown): Promise<Message[]> {
    if (typeof chatId !== 'string' || chatId === '') throw new AppError('request:invalid', 'Name the chat to reload.');
    await this.getOwnedChat(userId, chatId);
    return (await this.chats.latestMessages(chatId, RELOAD_PAGE_SIZE)).map(presentMessage);
  }

  /**
   * After a message (for the conversation engine): stores the list preview (one line, at most
   * PREVIEW_MAX characters) and the activity time, and tells every session with chat.updated.
   */
  async recordActivity(userId: string, chatId: string, text: string, at: string): Promise<void> {
    const preview = previewOf(text);
    await this.chats.touchAfterMessage(chatId, preview, at);
    this.emit(userId, 'chat.updated', { chatId, updatedFields: { preview, lastMessageAt: at } });
  }

  /** Sends the user's whole chat list to all their sessions (`updateChats`). */
  async pushChatList(userId: string): Promise<void> {
    const chats = await this.list(userId);
    if (this.realtime.attached) this.realtime.toUser(userId).emit('updateChats', { chats });
  }

  private emit<E extends 'chat.created' | 'chat.renamed' | 'chat.updated' | 'chat.deleted'>(
    userId: string,
    event: E,
    payload: Parameters<SessionServerEvents[E]>[0],
  ): void {
    if (!this.realtime.attached) return;
    // biome-ignore lint/suspicious/noExplicitAny: the event map narrows per event; the union call needs a cast.
    (this.realtime.toUser(userId).emit as any)(event, payload);
  }
}
