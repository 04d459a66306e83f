import type { Message } from '@neura/contract';
import type { Tx } from '../db/database.js';
import type { MessageRow } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import type { StoredAttachment } from '../files/service.js';
import { nowIso } from '../lib/time.js';
import type { ConversationDeps } from './deps.js';
import { presentMessage } from './present.js';
import { conversationTexts as t } from './texts.js';

/**
 * What a group round (issue #46) stores with its hold, in the same transaction (a send's user
 * message, an edit's new text), the check it makes once the chat is reserved, and what follows
 * the commit.
 */
export interface Opening {
  /** The user message the replies answer (none for "Let … speak"). */
  replyTo: string | null;
  check?: () => Promise<void>;
  store?: (trx: Tx) => Promise<void>;
  after?: () => Promise<void>;
  /** The replies announce their versions (an edit: the earlier replies to the message). */
  versioned?: boolean;
}

type OpeningDeps = Pick<ConversationDeps, 'messages' | 'files' | 'events' | 'chats'>;

/** A send's round: the user's message (and its attachments' ties to the chat) stored with the hold. */
export function sendOpening(deps: OpeningDeps, row: MessageRow, attachments: StoredAttachment[]): Opening {
  const { chat_id: chatId, user_id: userId } = row;
  return {
    replyTo: row.id,
    store: async (trx) => {
      await deps.messages.insert(row, trx);
      if (attachments.length)
        await deps.files?.attachToChat(
          attachments.map((a) => a.id),
          chatId,
          trx,
        );
      announce(deps, trx, row);
      await deps.chats.recordActivityIn(trx, userId, chatId, row.content, row.created_at);
    },
  };
}

/**
 * An edit's round: the chat's last user message gets the new text (in place) and the round runs
 * again from it, like a send (held, each reply charged, the rest released). The replies to the old
 * text keep it (their `prompt`) and become earlier versions; each persona's new reply lists its own.
 */
export async function editOpening(
  deps: OpeningDeps,
  input: { userId: string; chatId: string; messageId: string; text: string },
): Promise<Opening> {
  const { userId, chatId, messageId, text } = input;
  const target = await deps.messages.findById(messageId);
  if (!target || target.chat_id !== chatId) throw notFound(t.messageGone);
  const now = nowIso();
  return {
    replyTo: target.id,
    versioned: true,
    check: async () => {
      const lastUser = await deps.messages.latestInChat(chatId, 'user');
      if (target.role !== 'user' || lastUser?.id !== target.id) throw new AppError('conflict', t.notLastUserMessage);
    },
    store: async (trx) => {
      const kept = await deps.messages.keepPromptOfReplies(target.id, target.content, trx);
      await deps.messages.editUserMessage(target.id, text, now, trx);
      await deps.messages.supersedeReplies(target.id, trx);
      const updated = (message: Message) =>
        deps.events.emitAfterCommit(trx, 'message.updated', { userId, chatId, message });
      const edited = await deps.messages.findById(target.id, trx);
      if (edited) updated(presentMessage(edited, deps.files));
      for (const id of kept) {
        const reply = await deps.messages.findById(id, trx);
        if (reply) updated(presentMessage(reply, deps.files));
      }
    },
    after: () => deps.chats.recordActivity(userId, chatId, text, now),
  };
}

/** The reply versions of `shell`'s persona answering `replyTo` (ids, oldest first). */
export async function versionsOf(
  deps: OpeningDeps,
  replyTo: string,
  shell: Pick<MessageRow, 'persona_id'>,
  trx: Tx,
): Promise<string[]> {
  const rows = await deps.messages.listVersions([replyTo], trx);
  return rows.filter((row) => row.persona_id === shell.persona_id).map((row) => row.id);
}

/** `message.created` for a stored row once `trx` commits (with its versions when it has earlier ones). */
export function announce(deps: OpeningDeps, trx: Tx, row: MessageRow, versions?: string[]): void {
  const message = { ...presentMessage(row, deps.files), ...(versions ? { versions } : {}) };
  deps.events.emitAfterCommit(trx, 'message.created', { userId: row.user_id, chatId: row.chat_id, message });
}
