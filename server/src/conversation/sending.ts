import { DEFAULT_LOCALE, type Locale } from '@neura/contract';
import type { ChatInsert } from '../chats/repository.js';
import { ZoneMoved } from '../credits/one-statement.js';
import { fromJson, inTransaction, type Tx } from '../db/database.js';
import { isUniqueViolation } from '../db/errors.js';
import type { MessageRow, PersonaRow } from '../db/schema.js';
import type { DocumentsForReply } from '../documents/grounding.js';
import { AppError } from '../errors.js';
import { translateMessage } from '../i18n/catalog.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import type { ChatNamer } from './chat-namer.js';
import type { ConversationDeps } from './deps.js';
import type { NewChat } from './first-message.js';
import { NO_OUTCOME } from './message-outcome.js';
import { presentMessage } from './present.js';
import { type ContextRow, contextWith } from './reply-engine.js';
import { conversationTexts as t } from './texts.js';

type Attachments = Array<{ id: string }>;

/** A user's message as stored (a send's, a group round's; with its fields replaced, a reply's shell). */
export function userMessageRow(userId: string, chatId: string, text: string, attachments: Attachments): MessageRow {
  const now = nowIso();
  return {
    ...NO_OUTCOME,
    id: newId(),
    chat_id: chatId,
    user_id: userId,
    role: 'user',
    content: text,
    parts: null,
    attachments: attachments.length ? JSON.stringify(attachments) : null,
    status: 'complete',
    cost: 0,
    created_at: now,
    updated_at: now,
    reply_to: null,
    superseded: 0,
  };
}

/** The rows of a send (conversation/service.ts): the user's message and, with a model, the reply's shell. */
export function sendRows(
  userId: string,
  chatId: string,
  text: string,
  attachments: Attachments,
  persona: Pick<PersonaRow, 'cost'>,
): { userMessage: MessageRow; shell: MessageRow } {
  const userMessage = userMessageRow(userId, chatId, text, attachments);
  const shell: MessageRow = {
    ...NO_OUTCOME,
    ...userMessage,
    id: newId(),
    role: 'assistant',
    content: '',
    attachments: null,
    status: 'streaming',
    cost: persona.cost,
    reply_to: userMessage.id,
  };
  return { userMessage, shell };
}

/**
 * Charge and persist together: the user's message is stored before the model's answer is read.
 * The database holds one streaming reply per chat (unique index): a second process racing
 * for the same chat fails here and its charge rolls back with the transaction.
 * The chat's preview is written in the same transaction (one commit per send). The balance,
 * the two messages and the preview reach the user's devices once it commits.
 * `covered`: called once the charge has passed (balance and spending limits, inside the
 * transaction; a free persona's at once), before the transaction commits: the reply may ask the
 * model from then on (issue #50). `chat`: a chat made by this request (createChatWithMessage),
 * stored here with the messages and the message's preview (so a refused send leaves none behind).
 * `chargeLast` (a burst: no early ask): the charge comes with or after the rows (the balance row
 * the user's other sends wait for is held from the debit to the commit only); on PostgreSQL a paid
 * send's charge and rows are then one statement (storeInOne). Alone, the charge comes first, so
 * the model is asked before the rows are written (one statement with the rows asked 1–2 ms later).
 */
export async function storeSend(
  deps: ConversationDeps,
  rows: { userMessage: MessageRow; shell: MessageRow },
  attachments: Attachments,
  persona: Pick<PersonaRow, 'cost'>,
  send: { covered?: () => void; chat?: NewChat | undefined; chargeLast?: boolean } = {},
): Promise<void> {
  const oneStatement = deps.config.database.kind === 'postgres' && persona.cost > 0 && send.chargeLast === true;
  const store = (inOne: boolean) =>
    inTransaction(deps.db, async (trx) => {
      if (!(inOne && (await storeInOne(deps, trx, rows, persona, send))))
        await storeApart(deps, trx, rows, persona, send);
      if (attachments.length)
        await deps.files?.attachToChat(
          attachments.map((a) => a.id),
          rows.userMessage.chat_id,
          trx,
        );
    });
  // The user's limits count in another zone than the statement assumed: rolled back, and stored
  // the separate way (which reads the zone).
  await store(oneStatement)
    .catch((error: unknown) => {
      if (error instanceof ZoneMoved) return store(false);
      throw error;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? new AppError('conflict', t.busy) : error;
    });
  if (send.chat) send.chat.stored = true;
}

/** What storeSend writes besides the attachments: the charge, the two messages, the chat or its preview. */
type SendWrite = (
  deps: ConversationDeps,
  trx: Tx,
  rows: { userMessage: MessageRow; shell: MessageRow },
  persona: Pick<PersonaRow, 'cost'>,
  send: { covered?: () => void; chat?: NewChat | undefined; chargeLast?: boolean },
) => Promise<boolean>;

/**
 * A paid send on PostgreSQL in a burst, in one statement (CreditService.chargeAlong): the charge,
 * the two messages and the new chat or the chat's preview (issue #50: one round trip where there
 * were four or five). False when it did not run (a user not charged in this process yet): storeApart then.
 */
const storeInOne: SendWrite = async (deps, trx, rows, persona, send) => {
  const { userMessage, shell } = rows;
  const { user_id: userId, chat_id: chatId } = userMessage;
  const zone = deps.credits.zones.of(userId);
  if (zone === undefined) return false;
  const messages = deps.messages.insertQuery([userMessage, shell], trx);
  const charge = {
    userId,
    amount: persona.cost,
    messageId: shell.id,
    zone,
    ...(send.covered ? { covered: send.covered } : {}),
  };
  // The events in the order storeApart queues them: the chat, its two messages, the preview.
  if (send.chat) {
    await storeChat(deps, trx, send.chat, userMessage, async (chat) => {
      announceCreated(deps, trx, userMessage, shell);
      await deps.credits.chargeAlong(trx, charge, (c) =>
        c.with('new_chat', () => chat).with('new_messages', () => messages),
      );
    });
  } else {
    announceCreated(deps, trx, userMessage, shell);
    await deps.chats.recordActivityIn(
      trx,
      userId,
      chatId,
      userMessage.content,
      userMessage.created_at,
      async (touch) => {
        await deps.credits.chargeAlong(trx, charge, (c) =>
          c.with('new_messages', () => messages).with('chat_touch', () => touch),
        );
      },
    );
  }
  return true;
};

/**
 * storeSend's writes one statement each (SQLite; a send alone; a free persona; a user's first charge
 * here). A send alone's charge stays three plain statements: its charge alone in one statement
 * (the debit, limits and ledger row as CTEs) was measured slower to ask the model at idle
 * (2026-11-30, docs/PERFORMANCE.md: a new chat 4–5 ms later, more CPU per send).
 */
const storeApart: SendWrite = async (deps, trx, rows, persona, send) => {
  const { userMessage, shell } = rows;
  const { user_id: userId, chat_id: chatId } = userMessage;
  const { covered, chat } = send;
  const charge = async () => {
    if (persona.cost > 0) await deps.credits.chargeInTransaction(trx, userId, persona.cost, shell.id, covered);
    else covered?.();
  };
  if (!send.chargeLast) await charge();
  // Both rows in one statement, on PostgreSQL a new chat's insert with them (issue #50: fewer
  // statements per send; SQLite runs its two in process, no write to a server).
  const messages = [userMessage, shell];
  if (!chat) await deps.messages.insert(messages, trx);
  else if (deps.config.database.kind !== 'postgres') {
    await storeChat(deps, trx, chat, userMessage);
    await deps.messages.insert(messages, trx);
  } else await storeChat(deps, trx, chat, userMessage, (insert) => deps.messages.insert(messages, trx, insert));
  announceCreated(deps, trx, userMessage, shell);
  // A chat stored just above holds the preview already.
  if (!chat) await deps.chats.recordActivityIn(trx, userId, chatId, userMessage.content, userMessage.created_at);
  if (send.chargeLast) await charge();
  return true;
};

/** A chat made by createChatWithMessage, stored in its first send's transaction (CreatedChat). */
function storeChat(
  deps: ConversationDeps,
  trx: Tx,
  chat: NewChat,
  first: MessageRow,
  along?: (insert: ChatInsert) => Promise<void>,
): Promise<void> {
  const to = { socketId: chat.socketId, ...(along ? { along } : {}) };
  return deps.chats.insertIn(trx, chat.chat, { text: first.content, at: first.created_at }, to);
}

/**
 * Whether a send was stored, for its early reply: `stored` answers true once the promise given to
 * `storing` has resolved, false once it has rejected (that rejection still reaches its caller).
 */
export function outcome(): { stored: Promise<boolean>; storing: (store: Promise<void>) => Promise<void> } {
  let admit: (stored: boolean) => void = () => undefined;
  const stored = new Promise<boolean>((resolve) => {
    admit = resolve;
  });
  const storing = (store: Promise<void>) =>
    store.then(
      () => admit(true),
      (error: unknown) => {
        admit(false);
        throw error;
      },
    );
  return { stored, storing };
}

/**
 * What a send's reply reads, started beside its charge (issue #50): the chat's context (a chat this
 * request created holds its one message: nothing is read back) and its documents (found once the
 * send is stored when it attaches files: they are found by their chat).
 */
export function readsBeside(
  deps: Pick<ConversationDeps, 'messages' | 'documents'>,
  rows: { userMessage: MessageRow; shell: MessageRow },
  send: { persona: PersonaRow; attachments: Attachments; created: boolean; stored: Promise<boolean> },
): { context: Promise<ContextRow[]>; documents?: DocumentsForReply } {
  const { userMessage, shell } = rows;
  const { persona, attachments, created, stored } = send;
  const context = created ? Promise.resolve([userMessage]) : contextWith(deps.messages, userMessage);
  const documents = deps.documents?.forReply({
    chatId: userMessage.chat_id,
    userId: userMessage.user_id,
    personaId: persona.id,
    messageId: shell.id,
    knowledge: persona.knowledge,
    stored,
    ...(attachments.length ? { attaching: true } : created ? { noChatFiles: true } : {}),
  });
  return { context, ...(documents ? { documents } : {}) };
}

/** No model configured: a system message says so and how to set one; nothing is charged. */
export async function answerWithoutModel(
  deps: ConversationDeps,
  namer: ChatNamer,
  userMessage: MessageRow,
  isFirst: boolean,
  /** The user's language: the notice is written in it (issue #43). */
  locale: Locale | null = null,
  /** A chat made by this request, stored with the messages (see storeSend). */
  chat?: NewChat,
): Promise<void> {
  const { chat_id: chatId, user_id: userId } = userMessage;
  const now = nowIso();
  const notice: MessageRow = {
    ...NO_OUTCOME,
    ...userMessage,
    id: newId(),
    role: 'system',
    content: translateMessage(t.noModel, locale ?? DEFAULT_LOCALE),
    attachments: null,
    created_at: now,
    updated_at: now,
  };
  await inTransaction(deps.db, async (trx) => {
    if (chat) await storeChat(deps, trx, chat, userMessage);
    await deps.messages.insert(userMessage, trx);
    await deps.messages.insert(notice, trx);
    const ids = fromJson<Attachments>(userMessage.attachments, []).map((a) => a.id);
    if (ids.length) await deps.files?.attachToChat(ids, chatId, trx);
    announceCreated(deps, trx, userMessage, notice);
  });
  if (chat) chat.stored = true;
  // The notice is a reply that is complete at once: it ends like a streamed one (the stream's event).
  deps.replyStreams({ userId, chatId, messageId: notice.id }).done(presentMessage(notice, deps.files));
  if (!chat) await deps.chats.recordActivity(userId, chatId, userMessage.content, userMessage.created_at);
  if (isFirst) await namer.nameFromText(userId, chatId, userMessage.content);
}

/** `message.created` for each stored row, in order, once `trx` commits. */
function announceCreated(deps: ConversationDeps, trx: Tx, ...rows: MessageRow[]): void {
  for (const row of rows) {
    const message = presentMessage(row, deps.files);
    deps.events.emitAfterCommit(trx, 'message.created', { userId: row.user_id, chatId: row.chat_id, message });
  }
}
