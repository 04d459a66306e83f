import type { Message } from '@neura/contract';
import type { UserLookup } from '../auth/user.js';
import type { MessageRow } from '../db/schema.js';
import type { FileService } from '../files/service.js';
import type { ReplyRegistry } from '../replies/registry.js';
import { type PresentOptions, presentMessage } from './present.js';
import type { MessageRepository } from './repository.js';

export interface HistoryDeps {
  messages: MessageRepository;
  users: Pick<UserLookup, 'findById'>;
  files?: Pick<FileService, 'url'>;
}

/**
 * One page of a chat's history (the chat's ownership already checked), oldest first within the
 * page: reply versions, admin-only details, and the text so far of a reply streaming here.
 */
export async function historyPage(
  deps: HistoryDeps,
  replies: ReplyRegistry,
  userId: string,
  chatId: string,
  page: { before?: string; limit: number },
  view: PresentOptions = {},
): Promise<Message[]> {
  const [rows, user] = await Promise.all([
    deps.messages.listPage(chatId, page.limit, page.before),
    view.admin === undefined ? deps.users.findById(userId) : undefined,
  ]);
  // Admins also see each reply's model and token usage (the caller may know the role already).
  const admin = view.admin ?? user?.role === 'admin';
  const versions = await versionsOf(deps.messages, rows);
  // A reply streaming in this process: show its text so far (a tab opened mid-reply).
  const live = replies.live(chatId);
  return rows.reverse().map((row) => {
    const ids = row.reply_to ? versions.get(versionKey(row)) : undefined;
    const message = { ...presentMessage(row, deps.files, { admin }), ...(ids ? { versions: ids } : {}) };
    if (!live || live.messageId !== row.id || row.status !== 'streaming') return message;
    return {
      ...message,
      content: live.content,
      ...(live.reasoning ? { reasoning: live.reasoning } : {}),
      ...(live.parts?.length ? { parts: structuredClone(live.parts) } : {}),
    };
  });
}

/** Replies of one persona to one user message are versions of one answer (a group's personas each answer). */
const versionKey = (row: Pick<MessageRow, 'reply_to' | 'persona_id'>) =>
  `${row.reply_to ?? ''}|${row.persona_id ?? ''}`;

/** The reply versions of each answered user message among `rows` (ids, oldest first). */
async function versionsOf(messages: MessageRepository, rows: MessageRow[]): Promise<Map<string, string[]>> {
  const replyTo = [...new Set(rows.flatMap((row) => (row.role === 'assistant' && row.reply_to ? [row.reply_to] : [])))];
  const map = new Map<string, string[]>();
  for (const row of await messages.listVersions(replyTo)) {
    if (!row.reply_to) continue;
    const ids = map.get(versionKey(row)) ?? [];
    ids.push(row.id);
    map.set(versionKey(row), ids);
  }
  return map;
}
