import type { MessagePart } from '@neura/contract';
import { sql } from 'kysely';
import type { ChatInsert } from '../chats/repository.js';
import { type Executor, toJson } from '../db/database.js';
import type { MessageRow, NewMessage } from '../db/schema.js';
import { nowIso } from '../lib/time.js';
import type { ReplyOutcome } from '../replies/settle.js';

/** The only reader and writer of `messages` (`insert` may run a new chat's insert as a CTE: issue #50). */
export class MessageRepository {
  constructor(private readonly db: Executor) {}

  async insert(message: NewMessage | NewMessage[], trx: Executor = this.db, chat?: ChatInsert): Promise<void> {
    await (chat ? trx.with('new_chat', () => chat) : trx).insertInto('messages').values(message).execute();
  }

  /** insert's statement, not run: a caller may run it inside a statement of its own (CreditService.chargeAlong). */
  insertQuery(message: NewMessage | NewMessage[], trx: Executor = this.db) {
    return trx.insertInto('messages').values(message);
  }

  /** A chat's messages up to and including `messageId`, oldest first (ids follow creation; a fork's copy). */
  listUpTo(chatId: string, messageId: string, trx: Executor = this.db): Promise<MessageRow[]> {
    return trx
      .selectFrom('messages')
      .selectAll()
      .where('chat_id', '=', chatId)
      .where('id', '<=', messageId)
      .orderBy('id', 'asc')
      .execute();
  }

  /** Inserts copied messages (a fork), in batches. */
  async insertMany(rows: NewMessage[], trx: Executor = this.db): Promise<void> {
    for (let i = 0; i < rows.length; i += 100) {
      await trx
        .insertInto('messages')
        .values(rows.slice(i, i + 100))
        .execute();
    }
  }

  findById(id: string, trx: Executor = this.db): Promise<MessageRow | undefined> {
    return trx.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Saves a reply's text and status; only while it is still streaming (a reply ends once).
   * Answers the stored row, or undefined when the reply had already ended (or is gone).
   */
  async finishReply(
    id: string,
    changes: {
      content: string;
      status: MessageRow['status'];
      parts?: MessagePart[];
      addCost?: number;
      /** What the reply cost in tokens and how it ended (when known). */
      outcome?: ReplyOutcome;
    },
    trx: Executor = this.db,
  ): Promise<MessageRow | undefined> {
    const outcome = changes.outcome;
    return trx
      .updateTable('messages')
      .set((eb) => ({
        content: changes.content,
        status: changes.status,
        ...(changes.parts?.length ? { parts: toJson(changes.parts) } : {}),
        // A message's cost is its base plus the surcharges of its skill calls.
        ...(changes.addCost ? { cost: eb('cost', '+', changes.addCost) } : {}),
        ...(outcome
          ? {
              reasoning: outcome.reasoning || null,
              model: outcome.model ?? null,
              finish_reason: outcome.finishReason ?? null,
              input_tokens: outcome.usage?.inputTokens ?? null,
              output_tokens: outcome.usage?.outputTokens ?? null,
              reasoning_tokens: outcome.usage?.reasoningTokens ?? null,
              cached_input_tokens: outcome.usage?.cachedInputTokens ?? null,
              memory_tokens: outcome.memoryTokens ?? null,
              document_tokens: outcome.documentTokens ?? null,
            }
          : {}),
        updated_at: nowIso(),
      }))
      .where('id', '=', id)
      .where('status', '=', 'streaming')
      .returningAll()
      .executeTakeFirst();
  }

  /** Adds to a message's cost (a settled reply's kept skill surcharges); the updated row. */
  addCost(id: string, amount: number, trx: Executor = this.db): Promise<MessageRow | undefined> {
    return trx
      .updateTable('messages')
      .set((eb) => ({ cost: eb('cost', '+', amount) }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Saves the text so far of a reply still streaming (also its heartbeat). */
  async saveProgress(id: string, content: string, parts?: MessagePart[], trx: Executor = this.db): Promise<void> {
    await trx
      .updateTable('messages')
      .set({ content, ...(parts?.length ? { parts: toJson(parts) } : {}), updated_at: nowIso() })
      .where('id', '=', id)
      .where('status', '=', 'streaming')
      .execute();
  }

  /** One page of a chat, newest page first; `before` is a message id (ids sort by time). */
  listPage(chatId: string, limit: number, before?: string): Promise<MessageRow[]> {
    let query = this.db.selectFrom('messages').selectAll().where('chat_id', '=', chatId);
    if (before) query = query.where('id', '<', before);
    return query.orderBy('id', 'desc').limit(limit).execute();
  }

  /** Every message of a chat, oldest first (export, share snapshot, data archive). */
  listAllInChat(chatId: string, trx: Executor = this.db): Promise<MessageRow[]> {
    return trx.selectFrom('messages').selectAll().where('chat_id', '=', chatId).orderBy('id', 'asc').execute();
  }

  /** The newest messages of a chat for the model's context (newest first). */
  listRecentForContext(
    chatId: string,
    limit: number,
  ): Promise<Pick<MessageRow, 'id' | 'role' | 'content' | 'parts' | 'attachments' | 'persona_id'>[]> {
    return (
      this.db
        .selectFrom('messages')
        .select(['id', 'role', 'content', 'parts', 'attachments', 'persona_id'])
        .where('chat_id', '=', chatId)
        .where('status', 'in', ['complete', 'stopped'])
        // A reply replaced by a newer version (regenerate, retry, edit) stays out of the context.
        .where('superseded', '=', 0)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute()
    );
  }

  /** The newest message of a chat (of one role when given). */
  latestInChat(chatId: string, role?: MessageRow['role'], trx: Executor = this.db): Promise<MessageRow | undefined> {
    let query = trx.selectFrom('messages').selectAll().where('chat_id', '=', chatId);
    if (role) query = query.where('role', '=', role);
    return query.orderBy('id', 'desc').limit(1).executeTakeFirst();
  }

  /**
   * Marks every current reply to a user message as replaced by a newer version; in a group chat
   * only the replies of `personaId` (the others' answers stay).
   */
  async supersedeReplies(replyTo: string, trx: Executor = this.db, personaId: string | null = null): Promise<void> {
    let query = trx
      .updateTable('messages')
      .set({ superseded: 1 })
      .where('reply_to', '=', replyTo)
      .where('role', '=', 'assistant')
      .where('superseded', '=', 0);
    if (personaId !== null) query = query.where('persona_id', '=', personaId);
    await query.execute();
  }

  /** Before an edit: the replies to `replyTo` keep the text they answered (only those with none yet). */
  async keepPromptOfReplies(replyTo: string, prompt: string, trx: Executor = this.db): Promise<string[]> {
    const rows = await trx
      .updateTable('messages')
      .set({ prompt })
      .where('reply_to', '=', replyTo)
      .where('role', '=', 'assistant')
      .where('prompt', 'is', null)
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Changes the text of a user message (edit-and-resend). */
  async editUserMessage(id: string, content: string, at: string, trx: Executor = this.db): Promise<void> {
    await trx
      .updateTable('messages')
      .set({ content, updated_at: at })
      .where('id', '=', id)
      .where('role', '=', 'user')
      .execute();
  }

  /** The reply versions answering each of the given user messages, oldest first. */
  listVersions(
    replyTo: string[],
    trx: Executor = this.db,
  ): Promise<Pick<MessageRow, 'id' | 'reply_to' | 'persona_id'>[]> {
    if (replyTo.length === 0) return Promise.resolve([]);
    return trx
      .selectFrom('messages')
      .select(['id', 'reply_to', 'persona_id'])
      .where('reply_to', 'in', replyTo)
      .where('role', '=', 'assistant')
      .orderBy('id', 'asc')
      .execute();
  }

  /** The first messages of a chat, oldest first (to name it from its first exchange). */
  listFirst(chatId: string, limit: number): Promise<Pick<MessageRow, 'role' | 'content'>[]> {
    return this.db
      .selectFrom('messages')
      .select(['role', 'content'])
      .where('chat_id', '=', chatId)
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
  }

  async countInChat(chatId: string, trx: Executor = this.db): Promise<number> {
    const row = await trx
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('chat_id', '=', chatId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Any message yet, and a reply streaming: two index probes, not a count (a long chat costs a send the same). */
  async chatState(chatId: string, trx: Executor = this.db): Promise<{ empty: boolean; streaming: boolean }> {
    const row = await trx
      .selectNoFrom((eb) => [
        eb.selectFrom('messages').select(sql<number>`1`.as('one')).where('chat_id', '=', chatId).limit(1).as('any'),
        eb
          .selectFrom('messages')
          .select(sql<number>`1`.as('one'))
          .where('chat_id', '=', chatId)
          .where('status', '=', 'streaming')
          .limit(1)
          .as('streaming'),
      ])
      .executeTakeFirstOrThrow();
    return { empty: row.any == null, streaming: row.streaming != null };
  }

  async hasStreamingReply(chatId: string, trx: Executor = this.db): Promise<boolean> {
    const row = await trx
      .selectFrom('messages')
      .select('id')
      .where('chat_id', '=', chatId)
      .where('status', '=', 'streaming')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Replies left streaming by a dead process (untouched since `staleBefore`), oldest first; sorted here, as an
   * ORDER BY id would make SQLite walk the table instead of the partial index of streaming rows.
   */
  async listStaleStreaming(staleBefore: string): Promise<MessageRow[]> {
    const rows = await this.db
      .selectFrom('messages')
      .selectAll()
      .where('status', '=', 'streaming')
      .where('updated_at', '<', staleBefore)
      .execute();
    return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** The first message the user wrote in a chat (to name it). */
  firstUserMessage(chatId: string): Promise<Pick<MessageRow, 'content'> | undefined> {
    return this.db
      .selectFrom('messages')
      .select('content')
      .where('chat_id', '=', chatId)
      .where('role', '=', 'user')
      .orderBy('id', 'asc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Removes every message of the user (account deletion, inside its transaction). */
  async deleteAllOf(userId: string, trx: Executor = this.db): Promise<void> {
    await trx.deleteFrom('messages').where('user_id', '=', userId).execute();
  }
}
