import type { LedgerEntry } from '@neura/contract';
import type { CreditService } from '../credits/service.js';
import { ledgerSubject, presentLedgerEntry } from './present.js';
import type { BillingRepository } from './repository.js';

/** How many rows the order and credit histories show. */
export const HISTORY_LIMIT = 100;

/** The credit history: charges per message with the persona, refunds, purchases, grants. */
export async function creditHistory(
  d: {
    credits: Pick<CreditService, 'history' | 'personaNamesForMessages'>;
    repo: Pick<BillingRepository, 'findOwnedOrder'>;
  },
  userId: string,
): Promise<LedgerEntry[]> {
  const rows = await d.credits.history(userId, HISTORY_LIMIT);
  const messageIds = new Set<string>();
  const orderIds = new Set<string>();
  for (const row of rows) {
    const subject = ledgerSubject(row.idempotency_key);
    if (subject.kind === 'message' && subject.id) messageIds.add(subject.id);
    if (subject.kind === 'order' && subject.id) orderIds.add(subject.id);
  }
  const personas = await d.credits.personaNamesForMessages([...messageIds]);
  const products = new Map<string, string>();
  for (const id of orderIds) {
    const order = await d.repo.findOwnedOrder(userId, id);
    if (order) products.set(id, order.product);
  }
  return rows.map((row) => {
    const subject = ledgerSubject(row.idempotency_key);
    const detail =
      subject.id === null
        ? null
        : subject.kind === 'message'
          ? (personas.get(subject.id) ?? null)
          : (products.get(subject.id) ?? null);
    return presentLedgerEntry(row, detail);
  });
}
