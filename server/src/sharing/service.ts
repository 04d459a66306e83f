import { randomBytes } from 'node:crypto';
import type { ExportFormat, ShareCreated, SharedChat, ShareSummary } from '@neura/contract';
import { SHARE_TEXTS } from '@neura/contract';
import { personasOf, presentMessage } from '../chats/present.js';
import type { ChatRepository } from '../chats/repository.js';
import type { MessageRepository } from '../conversation/repository.js';
import { fromJson, toBool, toJson } from '../db/database.js';
import type { ChatRow, MessageRow } from '../db/schema.js';
import { notFound } from '../errors.js';
import type { FileService, LoadedFile, StoredAttachment } from '../files/service.js';
import { nowIso } from '../lib/time.js';
import type { PersonaService } from '../personas/service.js';
import { type ChatExport, fileNameOf, toMarkdown } from './export.js';
import type { ShareRepository } from './repository.js';
import { presentSnapshot, type StoredSnapshot, takeSnapshot } from './snapshot.js';

export const CHAT_NOT_FOUND = 'That chat was not found.';
const UNKNOWN_PERSONA = 'Unknown / Custom';

/** Versions of each reply (ids sharing a `reply_to`), oldest first, as the messages route shows them. */
function withVersions(rows: MessageRow[]) {
  const byReply = new Map<string, string[]>();
  for (const r of rows) {
    if (r.role !== 'assistant' || !r.reply_to) continue;
    byReply.set(r.reply_to, [...(byReply.get(r.reply_to) ?? []), r.id]);
  }
  return rows.map((r) => {
    // Attachments by name or id, without links (an export is read offline; issue #45 names documents).
    const attached = fromJson<StoredAttachment[] | null>(r.attachments ?? null, null)?.filter(
      (a) => a.purpose !== 'mask',
    );
    const message = {
      ...presentMessage(r),
      ...(attached?.length ? { attachments: attached.map((a) => ({ ...a, url: '' })) } : {}),
    };
    const versions = r.reply_to ? byReply.get(r.reply_to) : undefined;
    return versions && versions.length > 1 && r.role === 'assistant' ? { ...message, versions } : message;
  });
}

export interface SharingDeps {
  shares: ShareRepository;
  chats: ChatRepository;
  messages: MessageRepository;
  personas: Pick<PersonaService, 'getAny'>;
  files: Pick<FileService, 'readOwned'>;
  apiPrefix: string;
  publicUrl: string | undefined;
}

/** Shared links (read-only snapshots) and chat exports; every chat is checked against its owner. */
export class SharingService {
  constructor(private readonly d: SharingDeps) {}

  private linkOf(id: string): string {
    return `${this.d.publicUrl?.replace(/\/$/, '') ?? ''}/share/${id}`;
  }

  private async ownedChat(userId: string, chatId: string) {
    const chat = await this.d.chats.findOwned(userId, chatId);
    // A temporary chat is never shared or exported (issue #49): as if it did not exist.
    if (!chat || chat.temporary) throw notFound(CHAT_NOT_FOUND);
    return chat;
  }

  private async personaOf(id: string) {
    const persona = await this.d.personas.getAny(id);
    return { id, name: persona?.name ?? UNKNOWN_PERSONA, icon: persona?.icon ?? '' };
  }

  /** A group chat's personas by id (issue #46); undefined for a chat of one persona. */
  private async speakersOf(chat: ChatRow): Promise<Map<string, string> | undefined> {
    if (!chat.personas) return undefined;
    const named = await Promise.all(personasOf(chat).map((id) => this.personaOf(id)));
    return new Map(named.map((p) => [p.id, p.name]));
  }

  /** A new link to the chat as it is now (later messages need a new link). */
  async share(userId: string, chatId: string): Promise<ShareCreated> {
    const chat = await this.ownedChat(userId, chatId);
    const rows = await this.d.messages.listAllInChat(chatId);
    const snapshot = takeSnapshot(chat.name, await this.personaOf(chat.persona_id), rows, await this.speakersOf(chat));
    // 128 random bits: a link cannot be guessed from another one (ids of the app are time-ordered).
    const id = randomBytes(16).toString('base64url');
    await this.d.shares.insert({
      id,
      chat_id: chatId,
      user_id: userId,
      snapshot: toJson(snapshot),
      created_at: nowIso(),
      revoked_at: null,
    });
    return { id, url: this.linkOf(id) };
  }

  async list(userId: string): Promise<ShareSummary[]> {
    const rows = await this.d.shares.listLive(userId);
    return rows.map((r) => ({
      id: r.id,
      url: this.linkOf(r.id),
      chatId: r.chat_id,
      chatName: r.chat_name,
      createdAt: r.created_at,
      messageCount: fromJson<StoredSnapshot | null>(r.snapshot, null)?.messages.length ?? 0,
    }));
  }

  async revoke(userId: string, id: string): Promise<void> {
    if (!(await this.d.shares.revokeOwned(userId, id))) throw notFound('That link was not found.');
  }

  private async liveShare(id: string) {
    const row = id.length <= 64 ? await this.d.shares.findById(id) : undefined;
    if (!row || row.revoked_at) throw notFound(`${SHARE_TEXTS.removed}.`);
    const snapshot = fromJson<StoredSnapshot | null>(row.snapshot, null);
    if (!snapshot) throw notFound(`${SHARE_TEXTS.removed}.`);
    return { row, snapshot };
  }

  /** The public snapshot (no auth); 404 "This link was removed." once revoked or its chat deleted. */
  async read(id: string): Promise<SharedChat> {
    const { row, snapshot } = await this.liveShare(id);
    return presentSnapshot(
      row.id,
      row.created_at,
      snapshot,
      (fileId) => `${this.d.apiPrefix}/share/${row.id}/files/${fileId}`,
    );
  }

  /** A file the snapshot shows, through the link only (any other file id is a 404). */
  async readFile(id: string, fileId: string): Promise<LoadedFile> {
    const { row, snapshot } = await this.liveShare(id);
    if (!snapshot.fileIds.includes(fileId)) throw notFound('That file was not found.');
    return this.d.files.readOwned(row.user_id, fileId);
  }

  /** Everything about one chat as data (the JSON export, the Markdown export and the data archive). */
  async exportData(userId: string, chatId: string): Promise<ChatExport> {
    const chat = await this.ownedChat(userId, chatId);
    const rows = await this.d.messages.listAllInChat(chatId);
    const persona = await this.personaOf(chat.persona_id);
    const speakers = await this.speakersOf(chat);
    return {
      format: 'neura.chat.v1',
      exportedAt: nowIso(),
      chat: {
        id: chat.id,
        name: chat.name,
        persona: { id: persona.id, name: persona.name },
        ...(speakers ? { personas: [...speakers].map(([id, name]) => ({ id, name })) } : {}),
        createdAt: chat.created_at,
        archived: toBool(chat.is_archived),
      },
      messages: withVersions(rows),
      totalCost: rows.reduce((sum, r) => sum + r.cost, 0),
    };
  }

  async export(userId: string, chatId: string, format: ExportFormat) {
    const data = await this.exportData(userId, chatId);
    return format === 'json'
      ? {
          body: `${JSON.stringify(data, null, 2)}\n`,
          type: 'application/json; charset=utf-8',
          fileName: fileNameOf(data.chat.name, 'json'),
        }
      : { body: toMarkdown(data), type: 'text/markdown; charset=utf-8', fileName: fileNameOf(data.chat.name, 'md') };
  }
}
