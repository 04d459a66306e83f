import type { ChatService } from '../chats/service.js';
import { type Db, inTransaction } from '../db/database.js';
import type { MessageRow, NewMessage } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { FileService } from '../files/service.js';
import { newId } from '../lib/ids.js';
import type { MessageRepository } from './repository.js';
import { conversationTexts as t } from './texts.js';

export interface ForkDeps {
  db: Db;
  chats: Pick<ChatService, 'ownedRow' | 'insertForkIn'>;
  messages: Pick<MessageRepository, 'findById' | 'listUpTo' | 'insertMany'>;
  files: Pick<FileService, 'copyForFork'>;
}

/** The longest chat name (the rename rule, contract http.ts). */
const NAME_MAX = 120;
const FORK_SUFFIX = ' (fork)';

/** "<name> (fork)", the name shortened so the whole stays within NAME_MAX. */
export const forkName = (name: string): string =>
  `${name.slice(0, NAME_MAX - FORK_SUFFIX.length).trimEnd()}${FORK_SUFFIX}`;

/** A JSON column's text with every old id replaced by its new one (ids are unique random strings). */
function remapped(json: string | null, ids: Map<string, string>): string | null {
  if (json === null) return null;
  let text = json;
  for (const [from, to] of ids) text = text.split(from).join(to);
  return text;
}

/**
 * `POST /users/me/chats/{id}/fork { messageId }` (issue #49): a new chat of the same persona with
 * copies of the messages up to and including `messageId`. Nothing is charged again (the ledger is
 * not touched). Files the copies mention get their own copies (either chat can go without the
 * other losing a picture). A reply still being written is copied as stopped; the message forked
 * from is the current version in the fork even if it was replaced later in the source.
 * Another user's chat, or a message not in the chat, is a 404.
 */
export async function forkChat(
  d: ForkDeps,
  userId: string,
  chatId: string,
  messageId: string,
): Promise<{ id: string }> {
  const source = await d.chats.ownedRow(userId, chatId);
  // A temporary chat leaves no trace (issue #49): a fork would outlive it.
  if (source.temporary === 1) throw new AppError('conflict', t.forkTemporary);
  const target = await d.messages.findById(messageId);
  if (!target || target.chat_id !== source.id) {
    throw new AppError('not-found', t.messageGone);
  }
  const rows = await d.messages.listUpTo(source.id, target.id);
  const forkId = newId();
  const mentioned = rows.map((r) => `${r.attachments ?? ''}${r.parts ?? ''}`).join('\n');
  const files = await d.files.copyForFork(userId, source.id, forkId, mentioned);
  // New ids in the same order (ids sort by creation, and history pages by id).
  const ids = new Map<string, string>(rows.map((r) => [r.id, newId()]));
  const copies: NewMessage[] = rows.map((row: MessageRow) => ({
    ...row,
    id: ids.get(row.id) as string,
    chat_id: forkId,
    reply_to: row.reply_to ? (ids.get(row.reply_to) ?? null) : null,
    attachments: remapped(row.attachments, files.ids),
    parts: remapped(row.parts, files.ids),
    status: row.status === 'streaming' ? 'stopped' : row.status,
    superseded: row.id === target.id ? 0 : row.superseded,
  }));
  const last = rows.at(-1);
  try {
    await inTransaction(d.db, async (trx) => {
      await d.chats.insertForkIn(trx, userId, {
        id: forkId,
        personaId: source.persona_id,
        // A group chat's fork is a group chat of the same personas (issue #46).
        personas: source.personas,
        name: forkName(source.name),
        preview: last?.content ?? '',
        lastMessageAt: last?.created_at ?? null,
      });
      await d.messages.insertMany(copies, trx);
    });
  } catch (error) {
    await files.undo();
    throw error;
  }
  return { id: forkId };
}
