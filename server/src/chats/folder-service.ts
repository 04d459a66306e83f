import { FOLDERS_MAX, type Folder, type FolderPatch } from '@neura/contract';
import { type Db, inTransaction } from '../db/database.js';
import type { ChatFolderRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { EventBus } from '../lib/events.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import type { FolderRepository } from './folder-repository.js';
import type { ChatRepository } from './repository.js';

export const FOLDER_NOT_FOUND = 'This folder does not exist or is not yours.';
export const FOLDERS_FULL = `You can keep at most ${FOLDERS_MAX} folders. Delete one to make another.`;

export const presentFolder = (row: ChatFolderRow): Folder => ({ id: row.id, name: row.name, position: row.position });

/**
 * Folders (issue #49): the user's own, at most FOLDERS_MAX, in the order they set. Every change
 * tells every session of the user (`folders.changed` with the whole list); deleting a folder
 * leaves its chats unfiled (`chat.updated { folderId: null }` for each).
 */
export class FolderService {
  constructor(
    private readonly db: Db,
    private readonly folders: FolderRepository,
    private readonly chats: ChatRepository,
    private readonly events: EventBus,
  ) {}

  async list(userId: string): Promise<Folder[]> {
    return (await this.folders.listForUser(userId)).map(presentFolder);
  }

  /** The user's folder, or a 404 (also for another user's folder). */
  async owned(userId: string, id: string): Promise<ChatFolderRow> {
    const row = await this.folders.findOwned(userId, id);
    if (!row) throw new AppError('not-found', FOLDER_NOT_FOUND);
    return row;
  }

  /** A new folder, last in the list. */
  async create(userId: string, name: string): Promise<Folder> {
    const row = await inTransaction(this.db, async (trx) => {
      const existing = await this.folders.listForUser(userId, trx);
      if (existing.length >= FOLDERS_MAX) throw new AppError('conflict', FOLDERS_FULL);
      const now = nowIso();
      const folder = {
        id: newId(),
        user_id: userId,
        name,
        position: existing.length,
        created_at: now,
        updated_at: now,
      };
      await this.folders.insert(folder, trx);
      return folder;
    });
    await this.announce(userId);
    return presentFolder(row);
  }

  /** Renames and/or moves the folder to `position` (the others close up around it). */
  async patch(userId: string, id: string, patch: FolderPatch): Promise<Folder> {
    const row = await inTransaction(this.db, async (trx) => {
      const list = await this.folders.listForUser(userId, trx);
      if (!list.some((f) => f.id === id)) throw new AppError('not-found', FOLDER_NOT_FOUND);
      if (patch.name !== undefined) await this.folders.rename(userId, id, patch.name, trx);
      if (patch.position !== undefined) {
        const ids = list.map((f) => f.id).filter((other) => other !== id);
        ids.splice(Math.min(patch.position, ids.length), 0, id);
        await this.folders.setOrder(userId, ids, trx);
      }
      return this.folders.findOwned(userId, id, trx);
    });
    if (!row) throw new AppError('not-found', FOLDER_NOT_FOUND);
    await this.announce(userId);
    return presentFolder(row);
  }

  /** Deletes the folder; its chats stay, unfiled. */
  async delete(userId: string, id: string): Promise<void> {
    const unfiled = await inTransaction(this.db, async (trx) => {
      const chatIds = await this.chats.idsInFolder(userId, id, trx);
      if (!(await this.folders.deleteOwned(userId, id, trx))) throw new AppError('not-found', FOLDER_NOT_FOUND);
      // The foreign key unfiles them too; said here so both databases agree whatever their settings.
      await this.chats.unfile(userId, id, trx);
      const rest = (await this.folders.listForUser(userId, trx)).map((f) => f.id);
      await this.folders.setOrder(userId, rest, trx);
      return chatIds;
    });
    for (const chatId of unfiled) {
      await this.events.emit('chat.updated', { userId, chatId, updatedFields: { folderId: null } });
    }
    await this.announce(userId);
  }

  private async announce(userId: string): Promise<void> {
    await this.events.emit('folders.changed', { userId, folders: await this.list(userId) });
  }
}
