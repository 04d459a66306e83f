import {
  type Chat,
  type ChatPatchRequest,
  type ChatUpdatedPayload,
  PRO_REQUIRED_MESSAGE,
  type SessionServerEvents,
} from '@neura/contract';
import type { UserLookup } from '../auth/user.js';
import { type Executor, fromBool } from '../db/database.js';
import type { ChatRow } from '../db/schema.js';
import { isPro } from '../entitlements/pro.js';
import { AppError } from '../errors.js';
import type { EventBus } from '../lib/events.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import type { PersonaService } from '../personas/service.js';
import type { Realtime } from '../realtime/realtime.js';
import { presentChat, previewOf } from './present.js';
import type { ChatRepository } from './repository.js';

export const CHAT_NOT_FOUND = 'This chat does not exist or is not yours.';

type ChatEvent = 'chat.created' | 'chat.renamed' | 'chat.updated' | 'chat.deleted';

/**
 * Chat rules: ownership (404 for another user's chat), Pro gating of personas, and the events that
 * keep every session of the user in step (SPEC.md §4 Cross-session sync). The only writer of the
 * `chats` table: the conversation engine records activity and renames through this service.
 */
export class ChatService {
  constructor(
    private readonly chats: ChatRepository,
    private readonly personas: PersonaService,
    private readonly users: UserLookup,
    private readonly realtime: Pick<Realtime, 'attached' | 'toUser'>,
    private readonly events: EventBus,
  ) {}

  async list(userId: string): Promise<Chat[]> {
    return (await this.chats.listForUser(userId)).map(presentChat);
  }

  /** The user's chat row, or a 404 AppError (also for another user's chat). */
  async ownedRow(userId: string, chatId: string): Promise<ChatRow> {
    const row = await this.chats.findOwned(userId, chatId);
    if (!row) throw new AppError('not-found', CHAT_NOT_FOUND);
    return row;
  }

  /** The user's chat, or a 404 AppError (also for another user's chat). */
  async getOwnedChat(userId: string, chatId: string): Promise<Chat> {
    return presentChat(await this.ownedRow(userId, chatId));
  }

  /**
   * createChat(persona): published catalog personas, and custom ones the user may use (their own,
   * unlisted or public ones; personas/custom.ts); requiresPro ones only for Pro users.
   */
  async create(userId: string, personaId: string): Promise<Chat> {
    const persona = await this.personas.usableBy(personaId, userId);
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

  /** Deletes the user's chat (its messages cascade); `chat.deleting` first stops a reply in it. */
  async delete(userId: string, chatId: string): Promise<void> {
    await this.ownedRow(userId, chatId);
    await this.events.emit('chat.deleting', { userId, chatId });
    if (!(await this.chats.deleteOwned(userId, chatId))) throw new AppError('not-found', CHAT_NOT_FOUND);
    this.emit(userId, 'chat.deleted', { chatId });
  }

  /** Renames the user's chat and tells every session (`chat.renamed`). */
  async rename(userId: string, chatId: string, name: string): Promise<void> {
    if (!(await this.chats.updateOwned(userId, chatId, { name }))) throw new AppError('not-found', CHAT_NOT_FOUND);
    this.emit(userId, 'chat.renamed', { chatId, name });
  }

  /**
   * After a message (for the conversation engine): stores the list preview (one line, at most
   * PREVIEW_MAX characters) and the activity time, and tells every session with chat.updated.
   */
  async recordActivity(userId: string, chatId: string, text: string, at: string): Promise<void> {
    const announce = await this.recordActivityIn(undefined, userId, chatId, text, at);
    announce();
  }

  /**
   * recordActivity as part of the caller's transaction (`trx`; undefined: on its own): the returned
   * function tells the user's devices, to be called once the transaction has committed.
   */
  async recordActivityIn(
    trx: Executor | undefined,
    userId: string,
    chatId: string,
    text: string,
    at: string,
  ): Promise<() => void> {
    const preview = previewOf(text);
    await this.chats.touchAfterMessage(chatId, preview, at, trx);
    return () => this.emit(userId, 'chat.updated', { chatId, updatedFields: { preview, lastMessageAt: at } });
  }

  private emit<E extends ChatEvent>(userId: string, event: E, payload: Parameters<SessionServerEvents[E]>[0]): void {
    if (!this.realtime.attached) return;
    // biome-ignore lint/suspicious/noExplicitAny: the event map narrows per event; the union call needs a cast.
    (this.realtime.toUser(userId).emit as any)(event, payload);
  }
}
