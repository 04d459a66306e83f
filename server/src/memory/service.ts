import type {
  CreateMemoryItem,
  Memory,
  MemoryItem,
  MemoryPart,
  MemoryScope,
  UpdateMemory,
  UpdateMemoryItem,
} from '@neura/contract';
import { type Db, type Executor, fromBool, inTransaction, toBool } from '../db/database.js';
import { badRequest, notFound } from '../errors.js';
import type { EventBus } from '../lib/events.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import type { MemoryItemRecord, MemoryRepository } from './repository.js';

export const memoryServiceTexts = {
  itemNotFound: 'That memory was not found.',
  personaNeeded: 'Name the persona this memory is for (personaId).',
  chatNeeded: 'Name the chat this memory is for (chatId).',
  full: (max: number) => `Memory is full: it holds at most ${max} items. Delete some to remember more.`,
} as const;

/** Who checks that a persona or chat named by an item is one the user may use (404 when not). */
export interface MemoryPlaces {
  /** Throws a not-found AppError unless the user may chat with the persona. */
  persona(userId: string, personaId: string): Promise<unknown>;
  /** Throws a not-found AppError unless the chat is the user's. */
  chat(userId: string, chatId: string): Promise<unknown>;
}

export function presentItem(row: MemoryItemRecord): MemoryItem {
  return {
    id: row.id,
    text: row.text,
    scope: row.scope,
    ...(row.persona_id ? { personaId: row.persona_id } : {}),
    ...(row.chat_id ? { chatId: row.chat_id } : {}),
    pinned: toBool(row.pinned),
    source: row.source,
    createdAt: row.created_at,
  };
}

/** The note a reply shows after the model remembered or forgot an item (with what undo needs). */
export function noteOf(action: MemoryPart['action'], item: MemoryItem): MemoryPart {
  return {
    type: 'memory',
    action,
    itemId: item.id,
    text: item.text,
    scope: item.scope,
    ...(item.personaId ? { personaId: item.personaId } : {}),
    ...(item.chatId ? { chatId: item.chatId } : {}),
    ...(item.pinned ? { pinned: true } : {}),
  };
}

/**
 * The user's memory: settings ("about me", on/off) and items, for the settings page and the
 * model's tools. Every change announces `memory.changed` to the user's devices after its commit.
 */
export class MemoryService {
  constructor(
    private readonly db: Db,
    private readonly repo: MemoryRepository,
    private readonly events: EventBus,
    private readonly places: MemoryPlaces,
    private readonly maxItems: number,
  ) {}

  /** Whether memory is on, "about me", and whether the user is Pro now (undefined: no such user). */
  async settingsOf(
    userId: string,
  ): Promise<{ enabled: boolean; about: string; proExpiry: string | null; hasItems: boolean } | undefined> {
    const row = await this.repo.settings(userId);
    if (!row) return undefined;
    return {
      enabled: row.enabled === null ? true : toBool(row.enabled),
      about: row.about ?? '',
      proExpiry: row.pro_expiry,
      // SQLite answers EXISTS with 0 / 1, PostgreSQL with a boolean.
      hasItems: Boolean(row.has_items),
    };
  }

  async get(userId: string): Promise<Memory> {
    const [settings, items] = await Promise.all([this.settingsOf(userId), this.repo.list(userId)]);
    return { enabled: settings?.enabled ?? true, about: settings?.about ?? '', items: items.map(presentItem) };
  }

  async update(userId: string, input: UpdateMemory): Promise<Memory> {
    await this.change(userId, async (trx) => {
      const current = await this.repo.settings(userId, trx);
      const enabled =
        input.enabled ?? (current?.enabled === null || current?.enabled === undefined ? true : toBool(current.enabled));
      const about = input.about ?? current?.about ?? '';
      await this.repo.saveSettings(userId, { enabled: fromBool(enabled), about }, nowIso(), trx);
    });
    return this.get(userId);
  }

  /** Adds an item (by hand or by the model); the scope follows the place named when not given. */
  async add(userId: string, input: CreateMemoryItem, source: 'user' | 'model' = 'user'): Promise<MemoryItem> {
    const scope: MemoryScope = input.scope ?? (input.chatId ? 'chat' : input.personaId ? 'persona' : 'user');
    const personaId = scope === 'persona' ? input.personaId : undefined;
    const chatId = scope === 'chat' ? input.chatId : undefined;
    if (scope === 'persona') {
      if (!personaId) throw badRequest(memoryServiceTexts.personaNeeded);
      await this.places.persona(userId, personaId);
    }
    if (scope === 'chat') {
      if (!chatId) throw badRequest(memoryServiceTexts.chatNeeded);
      await this.places.chat(userId, chatId);
    }
    const now = nowIso();
    const row: MemoryItemRecord = {
      id: newId(),
      user_id: userId,
      text: input.text,
      scope,
      persona_id: personaId ?? null,
      chat_id: chatId ?? null,
      pinned: fromBool(input.pinned ?? false),
      source,
      created_at: now,
      updated_at: now,
    };
    await this.change(userId, async (trx) => {
      if (!(await this.repo.insertWithin(row, this.maxItems, trx)))
        throw badRequest(memoryServiceTexts.full(this.maxItems));
    });
    return presentItem(row);
  }

  async edit(userId: string, id: string, input: UpdateMemoryItem): Promise<MemoryItem> {
    const values = {
      ...(input.text !== undefined ? { text: input.text } : {}),
      ...(input.pinned !== undefined ? { pinned: fromBool(input.pinned) } : {}),
      updated_at: nowIso(),
    };
    const row = await this.change(userId, async (trx) => {
      if (!(await this.repo.update(userId, id, values, trx))) throw notFound(memoryServiceTexts.itemNotFound);
      return this.repo.findOwned(userId, id, trx);
    });
    if (!row) throw notFound(memoryServiceTexts.itemNotFound);
    return presentItem(row);
  }

  async remove(userId: string, id: string): Promise<void> {
    await this.change(userId, async (trx) => {
      if ((await this.repo.delete(userId, [id], trx)) === 0) throw notFound(memoryServiceTexts.itemNotFound);
    });
  }

  /** "Forget everything": every item (about me and the switch stay). */
  async clear(userId: string): Promise<void> {
    await this.change(userId, (trx) => this.repo.deleteItemsOf(userId, trx));
  }

  /**
   * The model's `forget { text }`: the items whose text is the same (letter case and spacing
   * aside), else the one best full-text match; deleted, and answered for the reply's notes.
   */
  async forget(userId: string, text: string, words: string[]): Promise<MemoryItemRecord[]> {
    const same = (a: string) => a.toLowerCase().replace(/\s+/g, ' ').trim();
    const wanted = same(text);
    const exact = (await this.repo.list(userId)).filter((row) => same(row.text) === wanted);
    const found = exact.length > 0 ? exact : await this.repo.matching(userId, words, 1);
    if (found.length === 0) return [];
    await this.change(userId, (trx) =>
      this.repo.delete(
        userId,
        found.map((row) => row.id),
        trx,
      ),
    );
    return found;
  }

  /** One change of the user's memory in a transaction; `memory.changed` goes out after its commit. */
  private change<T>(userId: string, work: (trx: Executor) => Promise<T>): Promise<T> {
    return inTransaction(this.db, async (trx) => {
      const result = await work(trx);
      this.events.emitAfterCommit(trx, 'memory.changed', { userId });
      return result;
    });
  }
}
