import type { LedgerEntry } from '@neura/contract';
import { billingTexts } from '../texts/app-texts';
import { texts } from '../texts/texts';

const t = billingTexts.ledger;

/** A skill's name as people read it (`web_search` → "Search the web"); the avatar picture has its own. */
function skillName(skill: string): string {
  if (skill === 'generate_image:avatar') return t.avatar;
  return texts.explore.skills[skill] ?? t.skill;
}

/** What a bought product is called on a ledger row and in the console: "Starter pack", "Neura Pro". */
export const productName = (product: string): string => (product === 'pro' ? t.proPlan : t.pack(product));

/**
 * A ledger row in people's words, from its stored reason and detail (the persona of a message, the
 * product of an order): `refund:llm:failed` + "Neura" → "Refund · reply failed · Neura",
 * `purchase` + "starter" → "Starter pack". A reason this client does not know reads "Adjustment",
 * never the raw key.
 */
export function ledgerLabel(entry: Pick<LedgerEntry, 'reason' | 'detail'>): string {
  const { reason, detail } = entry;
  const withDetail = (label: string) => (detail ? billingTexts.ledgerWith(label, detail) : label);
  if (reason === 'message') return withDetail(t.message);
  if (reason === 'purchase') return detail ? productName(detail) : t.adjustment;
  if (reason === 'clawback') return t.refundedPurchase(detail ? productName(detail) : t.adjustment);
  if (reason === 'signup') return t.welcome;
  if (reason === 'admin-grant' || reason === 'grant') return t.grant;
  if (reason === 'admin-take') return t.take;
  if (reason.startsWith('skill:')) return billingTexts.ledgerWith(t.skill, skillName(reason.slice('skill:'.length)));
  if (reason.startsWith('refund:skill:'))
    return billingTexts.ledgerWith(t.refund, skillName(reason.slice('refund:skill:'.length)));
  if (reason.startsWith('refund:')) {
    const why = t.refundWhy[reason.slice('refund:'.length)] ?? t.refundOther;
    return withDetail(billingTexts.ledgerWith(t.refund, why));
  }
  return t.adjustment;
}
