import type { LedgerEntry, Order } from '@neura/contract';
import type { OrderRow } from '../db/schema.js';

export const fromCents = (cents: number): number => Math.round(cents) / 100;
export const toCents = (amount: number): number => Math.round(amount * 100);

/** An order as its owner sees it (ARCHITECTURE.md §3). */
export function presentOrder(row: OrderRow): Order {
  return {
    id: row.id,
    product: row.product,
    status: row.status,
    credits: row.credits,
    amount: fromCents(row.amount_cents),
    currency: row.currency,
    createdAt: row.created_at,
    paidAt: row.paid_at,
    refundedCredits: row.refunded_credits,
    provider: row.provider,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    renewal: row.provider_invoice_id !== null,
    refundedAmount: fromCents(row.refunded_cents),
  };
}

/** What a ledger key says about its entry: `charge:<messageId>`, `purchase:<orderId>`, … */
export function ledgerSubject(key: string): { kind: 'message' | 'order' | 'other'; id: string | null } {
  const [prefix, id] = key.split(':');
  if (!id) return { kind: 'other', id: null };
  if (prefix === 'charge' || prefix === 'refund' || prefix === 'tool') return { kind: 'message', id };
  if (prefix === 'purchase' || prefix === 'clawback') return { kind: 'order', id };
  return { kind: 'other', id: null };
}

export function presentLedgerEntry(
  row: { id: string; amount: number; reason: string; idempotency_key: string; created_at: string },
  detail: string | null,
): LedgerEntry {
  return { id: row.id, amount: row.amount, reason: row.reason, createdAt: row.created_at, detail };
}
