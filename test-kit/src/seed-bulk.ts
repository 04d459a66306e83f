import { sql } from 'kysely';
import { newId } from '../../server/src/lib/ids.js';
import { createTestChat, createTestUser, type SeedTarget } from './seed.js';

export interface BulkHistory {
  /** Users the history is spread over (made with `createTestUser`, no password). */
  users: number;
  /** Ledger rows in all (charges, refunds, grants, purchases, skill surcharges). */
  ledgerRows: number;
  /** Days back from `now` the rows spread over. */
  days: number;
  now?: number;
  model?: string;
}

/**
 * A large, plausible history for benchmarks (the console's dashboard): users, one chat each, and
 * `ledgerRows` ledger rows over `days` days, with a user message and a reply (model, tokens) for
 * every charge and an order for every purchase. Written in multi-row batches straight into the
 * tables the credit service and the repositories write (one row each per call would take hours);
 * balances are not kept in step with the ledger (the dashboard reads only the ledger).
 */
export async function seedBulkHistory(
  target: SeedTarget,
  input: BulkHistory,
  progress: (rows: number) => void = () => undefined,
): Promise<void> {
  const now = input.now ?? Date.now();
  const model = input.model ?? 'openai:gpt-bench';
  const users: Array<{ id: string; chatId: string }> = [];
  for (let i = 0; i < input.users; i++) {
    const user = await createTestUser(target, { password: null, credits: 0 });
    const chat = await createTestChat(target, user.id, i % 2 === 0 ? 'default' : 'scout');
    users.push({ id: user.id, chatId: chat.id });
  }
  const BATCH = 2000;
  let written = 0;
  let n = 0;
  while (written < input.ledgerRows) {
    const ledger: Array<Record<string, unknown>> = [];
    const messages: Array<Record<string, unknown>> = [];
    const orders: Array<Record<string, unknown>> = [];
    while (ledger.length < BATCH && written + ledger.length < input.ledgerRows) {
      n++;
      const user = users[n % users.length] as { id: string; chatId: string };
      const at = now - Math.floor((((n * 7919) % 1_000_003) / 1_000_003) * input.days * 86_400_000);
      const iso = new Date(at).toISOString();
      const kind = n % 20;
      if (kind === 0) {
        const orderId = newId(at);
        orders.push({
          id: orderId,
          user_id: user.id,
          product: 'starter',
          kind: 'pack',
          provider: 'sandbox',
          status: 'paid',
          credits: 100,
          amount_cents: 499,
          currency: 'usd',
          provider_session_id: null,
          provider_payment_id: null,
          provider_subscription_id: null,
          refunded_credits: 0,
          checked_at: null,
          paid_at: iso,
          created_at: iso,
          updated_at: iso,
        });
        ledger.push(ledgerRow(user.id, 100, 'purchase', `purchase:${orderId}`, at));
      } else if (kind === 1) {
        ledger.push(ledgerRow(user.id, 5, 'admin-grant', `admin:bench:${n}`, at));
      } else {
        const userMessage = newId(at);
        const reply = newId(at + 1);
        const base = { chat_id: user.chatId, user_id: user.id, parts: null, attachments: null, reply_to: null };
        messages.push(
          {
            ...base,
            id: userMessage,
            role: 'user',
            content: 'hi',
            status: 'complete',
            cost: 0,
            created_at: iso,
            updated_at: iso,
          },
          {
            ...base,
            id: reply,
            role: 'assistant',
            content: 'hello',
            status: kind === 2 ? 'failed' : 'complete',
            cost: 2,
            created_at: new Date(at + 1).toISOString(),
            updated_at: new Date(at + 1).toISOString(),
            model,
            input_tokens: 1000 + (n % 500),
            output_tokens: 200 + (n % 300),
          },
        );
        ledger.push(ledgerRow(user.id, -2, 'message', `charge:${reply}`, at + 1));
        if (kind === 2) ledger.push(ledgerRow(user.id, 2, 'refund:llm:failed', `refund:${reply}`, at + 2));
        else if (kind === 3) ledger.push(ledgerRow(user.id, -1, 'skill:web-search', `tool:${reply}:c1`, at + 2));
      }
    }
    await target.db.transaction().execute(async (trx) => {
      if (orders.length)
        await trx
          .insertInto('orders')
          .values(orders as never)
          .execute();
      for (let i = 0; i < messages.length; i += 500)
        await trx
          .insertInto('messages')
          .values(messages.slice(i, i + 500) as never)
          .execute();
      for (let i = 0; i < ledger.length; i += 1000)
        await trx
          .insertInto('credit_ledger')
          .values(ledger.slice(i, i + 1000) as never)
          .execute();
    });
    written += ledger.length;
    progress(written);
  }
  // Fresh statistics, as a database that grew over months would have (both databases know ANALYZE).
  await sql`ANALYZE`.execute(target.db);
}

function ledgerRow(userId: string, amount: number, reason: string, key: string, at: number) {
  return {
    id: newId(at),
    user_id: userId,
    amount,
    reason,
    idempotency_key: key,
    created_at: new Date(at).toISOString(),
  };
}
