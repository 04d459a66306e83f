import type { Message } from '@neura/contract';
import type { ChatService } from '../chats/service.js';
import type { CreditService } from '../credits/service.js';
import { type Db, inTransaction } from '../db/database.js';
import { isUniqueViolation } from '../db/errors.js';
import type { MessageRow, PersonaRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { FileService } from '../files/service.js';
import type { EventBus } from '../lib/events.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { NO_OUTCOME } from './message-outcome.js';
import { presentMessage } from './present.js';
import type { MessageRepository } from './repository.js';
import { conversationTexts as t } from './texts.js';

/** What storing a new reply version writes and announces: messages, the charge, the chat's preview. */
export interface VersionDeps {
  db: Db;
  messages: Pick<
    MessageRepository,
    'keepPromptOfReplies' | 'editUserMessage' | 'supersedeReplies' | 'insert' | 'listVersions' | 'findById'
  >;
  credits: Pick<CreditService, 'chargeInTransaction'>;
  chats: Pick<ChatService, 'recordActivity'>;
  events: Pick<EventBus, 'emitAfterCommit'>;
  files?: Pick<FileService, 'url'>;
}

/**
 * A new reply version (retry, regenerate, edit; admitted and the chat reserved): charges, edits the
 * user message (edit: its new `text`), supersedes the old versions and stores the new reply's
 * shell in one transaction; once it commits, the user's devices hear of the balance, the edited
 * message and the earlier replies (edit) and the new reply. Answers the shell, ready to stream.
 */
export async function storeVersion(
  deps: VersionDeps,
  userId: string,
  chatId: string,
  version: { target: MessageRow; persona: PersonaRow; replyTo: string; text?: string },
): Promise<MessageRow> {
  const { messages } = deps;
  const { target, persona, replyTo, text } = version;
  const now = nowIso();
  const shell: MessageRow = {
    ...NO_OUTCOME,
    id: newId(),
    chat_id: chatId,
    user_id: userId,
    role: 'assistant',
    content: '',
    parts: null,
    status: 'streaming',
    cost: persona.cost,
    created_at: now,
    updated_at: now,
    attachments: null,
    reply_to: replyTo,
    superseded: 0,
    // In a group chat (issue #46): the persona whose reply this is a version of.
    persona_id: target.role === 'assistant' ? target.persona_id : null,
  };
  await inTransaction(deps.db, async (trx) => {
    if (persona.cost > 0) await deps.credits.chargeInTransaction(trx, userId, persona.cost, shell.id);
    const kept = text !== undefined ? await messages.keepPromptOfReplies(replyTo, target.content, trx) : [];
    if (text !== undefined) await messages.editUserMessage(replyTo, text, now, trx);
    await messages.supersedeReplies(replyTo, trx, shell.persona_id);
    await messages.insert(shell, trx);
    const versions = (await messages.listVersions([replyTo], trx))
      .filter((row) => row.persona_id === shell.persona_id)
      .map((row) => row.id);
    const announce = (message: Message) =>
      deps.events.emitAfterCommit(trx, 'message.updated', { userId, chatId, message });
    if (text !== undefined) {
      const edited = await messages.findById(replyTo, trx);
      if (edited) announce(presentMessage(edited, deps.files));
      // The earlier replies now carry the text they answered (the app shows them under it).
      for (const id of kept) {
        const reply = await messages.findById(id, trx);
        if (reply) announce({ ...presentMessage(reply, deps.files), versions });
      }
    }
    const created = { ...presentMessage(shell, deps.files), versions };
    deps.events.emitAfterCommit(trx, 'message.created', { userId, chatId, message: created });
  }).catch((error: unknown) => {
    throw isUniqueViolation(error) ? new AppError('conflict', t.busy) : error;
  });
  if (text !== undefined) await deps.chats.recordActivity(userId, chatId, text, now);
  return shell;
}
