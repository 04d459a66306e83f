import {
  type Chat,
  type ChatPatchRequest,
  type ChatUpdatedPayload,
  MAX_GROUP_PERSONAS,
  MIN_GROUP_PERSONAS,
  PRO_REQUIRED_MESSAGE,
} from '@neura/contract';
import type { UserLookup } from '../auth/user.js';
import { fromBool, type Tx, toJson } from '../db/database.js';
import type { ChatRow, PersonaRow } from '../db/schema.js';
import { isPro } from '../entitlements/pro.js';
import { AppError, badRequest } from '../errors.js';
import type { EventBus } from '../lib/events.js';
import { nowIso } from '../lib/time.js';
import type { PersonaService } from '../personas/service.js';
import { chatRow, type NewChatOptions } from './chat-row.js';
import type { FolderRepository } from './folder-repository.js';
import { FOLDER_NOT_FOUND } from './folder-service.js';
import { personasOf, presentChat, previewOf } from './present.js';
import type { ChatInsertTo, ChatRepository, ChatTouch } from './repository.js';

export const CHAT_NOT_FOUND = 'This chat does not exist or is not yours.';
const GROUP_SIZE = `A group chat has ${MIN_GROUP_PERSONAS} to ${MAX_GROUP_PERSONAS} personas.`;
const GROUP_TWICE = 'That persona is already in this chat.';
/** A temporary chat goes this long after its last message (issue #49). */
export const TEMPORARY_CHAT_TTL_MS = 24 * 3600_000;

/**
 * Chat rules: ownership (404 for another user's chat), Pro gating of personas, and the news that
 * keeps every session of the user in step (SPEC.md §4 Cross-session sync: `chat.created`,
 * `chat.renamed`, `chat.updated`, `chat.deleted` on the bus, after the write; realtime/ sends them).
 * The only writer of the `chats` table: the conversation engine records activity and renames
 * through this service.
 */
export class ChatService {
  constructor(
    private readonly chats: ChatRepository,
    private readonly personas: PersonaService,
    private readonly users: UserLookup,
    private readonly events: EventBus,
    private readonly folders: FolderRepository,
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
   * unlisted or public ones; personas/custom.ts); requiresPro ones only for Pro users. A temporary
   * chat is announced to its own session only: it is never in another device's list.
   */
  async create(userId: string, personaId: string, options: NewChatOptions = {}): Promise<Chat> {
    const persona = await this.usablePersona(userId, personaId);
    return presentChat(await this.insert(userId, persona.id, persona.name, null, options));
  }

  /**
   * createChatWithMessage's chat (issue #50): the persona checked as `create` does, the row made but
   * not stored: its first message's send stores it (`insertIn`), so a refused send leaves none.
   */
  async newRow(userId: string, personaId: string, options: NewChatOptions = {}): Promise<NewChatRows> {
    const persona = await this.usablePersona(userId, personaId);
    return { chat: chatRow(userId, persona.id, persona.name, null, options), persona };
  }

  /**
   * A chat made by `newRow`, stored in the caller's transaction with its first message's preview
   * and time; `chat.created` once `trx` commits (a temporary chat's: to `socketId` only; ChatInsertTo).
   */
  async insertIn(trx: Tx, chat: ChatRow, first: { text: string; at: string }, to: ChatInsertTo = {}): Promise<void> {
    const row: ChatRow = { ...chat, preview: previewOf(first.text), last_message_at: first.at };
    // Queued before the insert runs (a failed insert rolls `trx` back: nothing is told), so that
    // what `along` announces comes after it.
    const created = { userId: row.user_id, chat: presentChat(row) };
    if (!row.temporary) this.events.emitAfterCommit(trx, 'chat.created', created);
    else if (to.socketId) this.events.emitAfterCommit(trx, 'chat.created', { ...created, socketId: to.socketId });
    await (to.along ? to.along(this.chats.insertQuery(row, trx)) : this.chats.insert(row, trx));
  }

  /**
   * createChat({ personas }): a group chat (issue #46) of 2–5 different personas, each one the
   * user may chat with (as `create`); its `persona` is the first.
   */
  async createGroup(userId: string, personaIds: string[]): Promise<Chat> {
    if (personaIds.length < MIN_GROUP_PERSONAS || personaIds.length > MAX_GROUP_PERSONAS) throw badRequest(GROUP_SIZE);
    if (new Set(personaIds).size !== personaIds.length) throw badRequest(GROUP_TWICE);
    const personas = [];
    for (const id of personaIds) personas.push(await this.usablePersona(userId, id));
    const [first] = personas;
    if (!first) throw badRequest(GROUP_SIZE);
    return presentChat(await this.insert(userId, first.id, personas.map((p) => p.name).join(', '), toJson(personaIds)));
  }

  /** A persona joins the user's chat (it speaks after the others); every session hears of it. */
  async addPersona(userId: string, chatId: string, personaId: string): Promise<string[]> {
    const row = await this.ownedRow(userId, chatId);
    const current = personasOf(row);
    if (current.includes(personaId)) throw new AppError('conflict', GROUP_TWICE);
    if (current.length >= MAX_GROUP_PERSONAS) throw badRequest(GROUP_SIZE);
    await this.usablePersona(userId, personaId);
    const personas = [...current, personaId];
    if (!(await this.chats.updateOwned(userId, chatId, { personas: toJson(personas) })))
      throw new AppError('not-found', CHAT_NOT_FOUND);
    await this.events.emit('chat.updated', { userId, chatId, updatedFields: { personas } });
    return personas;
  }

  /** A persona the user may chat with: published or theirs to use, Pro-only ones for Pro users. */
  private async usablePersona(userId: string, personaId: string): Promise<PersonaRow> {
    const persona = await this.personas.usableRow(personaId, userId);
    if (persona.requires_pro === 1) {
      const user = await this.users.findById(userId);
      if (!user || !isPro(user)) {
        throw new AppError('pro:required', PRO_REQUIRED_MESSAGE);
      }
    }
    return persona;
  }

  private async insert(
    userId: string,
    personaId: string,
    name: string,
    personas: string | null,
    options: NewChatOptions = {},
  ): Promise<ChatRow> {
    const row = chatRow(userId, personaId, name, personas, options);
    await this.chats.insert(row);
    const chat = presentChat(row);
    if (!options.temporary) await this.events.emit('chat.created', { userId, chat });
    else if (options.socketId) await this.events.emit('chat.created', { userId, chat, socketId: options.socketId });
    return row;
  }

  /**
   * A fork of the user's chat (issue #49) in the caller's transaction: a new chat of the same
   * persona named `name`, with the preview and activity of its last copied message;
   * `chat.created` goes out once `trx` commits.
   */
  async insertForkIn(
    trx: Tx,
    userId: string,
    fork: {
      id: string;
      personaId: string;
      personas: string | null;
      name: string;
      preview: string;
      lastMessageAt: string | null;
    },
  ): Promise<Chat> {
    const now = nowIso();
    const row = {
      id: fork.id,
      user_id: userId,
      persona_id: fork.personaId,
      name: fork.name,
      last_message_at: fork.lastMessageAt,
      preview: previewOf(fork.preview),
      is_pinned: 0,
      is_archived: 0,
      folder_id: null,
      temporary: 0,
      personas: fork.personas,
      created_at: now,
      updated_at: now,
    };
    await this.chats.insert(row, trx);
    const chat = presentChat(row);
    this.events.emitAfterCommit(trx, 'chat.created', { userId, chat });
    return chat;
  }

  /** PATCH: exactly one of name, isPinned, isArchived, folderId (validated by the route). */
  async patch(userId: string, chatId: string, patch: ChatPatchRequest): Promise<Chat> {
    if (patch.folderId !== undefined) return this.file(userId, chatId, patch.folderId);
    const changes =
      patch.name !== undefined
        ? { name: patch.name }
        : patch.isPinned !== undefined
          ? { is_pinned: fromBool(patch.isPinned) }
          : { is_archived: fromBool(patch.isArchived ?? false) };
    if (!(await this.chats.updateOwned(userId, chatId, changes))) throw new AppError('not-found', CHAT_NOT_FOUND);
    const chat = await this.getOwnedChat(userId, chatId);
    if (patch.name !== undefined) {
      await this.events.emit('chat.renamed', { userId, chatId, name: chat.name });
    } else {
      const updatedFields: ChatUpdatedPayload['updatedFields'] =
        patch.isPinned !== undefined ? { isPinned: chat.isPinned } : { isArchived: chat.isArchived };
      await this.events.emit('chat.updated', { userId, chatId, updatedFields });
    }
    return chat;
  }

  /** Files the chat in the user's folder (null: unfiled); another user's folder is a 404. */
  private async file(userId: string, chatId: string, folderId: string | null): Promise<Chat> {
    await this.ownedRow(userId, chatId);
    if (folderId !== null && !(await this.folders.findOwned(userId, folderId))) {
      throw new AppError('not-found', FOLDER_NOT_FOUND);
    }
    if (!(await this.chats.updateOwned(userId, chatId, { folder_id: folderId }))) {
      throw new AppError('not-found', CHAT_NOT_FOUND);
    }
    await this.events.emit('chat.updated', { userId, chatId, updatedFields: { folderId } });
    return this.getOwnedChat(userId, chatId);
  }

  /** Deletes temporary chats quiet for TEMPORARY_CHAT_TTL_MS (rows and files), a batch at a time. */
  async expireTemporary(now: number): Promise<number> {
    const before = new Date(now - TEMPORARY_CHAT_TTL_MS).toISOString();
    let count = 0;
    for (;;) {
      const batch = await this.chats.expiredTemporary(before, 100);
      for (const { id, user_id } of batch) {
        await this.delete(user_id, id).catch((error: unknown) => {
          if (!(error instanceof AppError && error.code === 'not-found')) throw error;
        });
        count++;
      }
      if (batch.length < 100) return count;
    }
  }

  /** Deletes the user's chat (its messages cascade); `chat.deleting` first stops a reply in it. */
  async delete(userId: string, chatId: string): Promise<void> {
    await this.ownedRow(userId, chatId);
    await this.events.emit('chat.deleting', { userId, chatId });
    if (!(await this.chats.deleteOwned(userId, chatId))) throw new AppError('not-found', CHAT_NOT_FOUND);
    await this.events.emit('chat.deleted', { userId, chatId });
  }

  /** Renames the user's chat and tells every session (`chat.renamed`). */
  async rename(userId: string, chatId: string, name: string): Promise<void> {
    if (!(await this.chats.updateOwned(userId, chatId, { name }))) throw new AppError('not-found', CHAT_NOT_FOUND);
    await this.events.emit('chat.renamed', { userId, chatId, name });
  }

  /**
   * After a message (for the conversation engine): stores the list preview (one line, at most
   * PREVIEW_MAX characters) and the activity time, and tells every session with chat.updated.
   */
  async recordActivity(userId: string, chatId: string, text: string, at: string): Promise<void> {
    const preview = previewOf(text);
    await this.chats.touchAfterMessage(chatId, preview, at);
    await this.events.emit('chat.updated', { userId, chatId, updatedFields: { preview, lastMessageAt: at } });
  }

  /** recordActivity as part of the caller's transaction: `chat.updated` goes out once `trx` commits. */
  async recordActivityIn(
    trx: Tx,
    userId: string,
    chatId: string,
    text: string,
    at: string,
    /** A statement of the caller's that runs the update (ChatTouch). */
    along?: (touch: ChatTouch) => Promise<void>,
  ): Promise<void> {
    const preview = previewOf(text);
    await (along
      ? along(this.chats.touchQuery(chatId, preview, at, trx))
      : this.chats.touchAfterMessage(chatId, preview, at, trx));
    this.events.emitAfterCommit(trx, 'chat.updated', { userId, chatId, updatedFields: { preview, lastMessageAt: at } });
  }
}

/** A chat made but not stored yet, and its persona (ChatService.newRow). */
type NewChatRows = { chat: ChatRow; persona: PersonaRow };
