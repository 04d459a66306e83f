import { z } from 'zod';
import { PRO_PRODUCT_ID } from './constants.js';

/** Billing contracts (ARCHITECTURE.md §3 "Billing"). Prices are decimal amounts in `currency`. */

export const PAYMENT_PROVIDERS = ['stripe', 'sandbox', 'off'] as const;

export const creditPackSchema = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'pack ids are short lowercase words')
    .refine((id) => id !== PRO_PRODUCT_ID, '"pro" is the subscription, not a pack'),
  credits: z.number().int().min(1).max(1_000_000),
  price: z.number().min(0).max(100_000),
  currency: z
    .string()
    .regex(/^[a-z]{3}$/)
    .default('usd'),
});
export type CreditPack = z.infer<typeof creditPackSchema>;

export const productsResponseSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  packs: z.array(creditPackSchema),
  pro: z.object({
    price: z.number(),
    listPrice: z.number(),
    currency: z.string(),
    interval: z.literal('month'),
  }),
});
export type ProductsResponse = z.infer<typeof productsResponseSchema>;

export const checkoutRequestSchema = z.object({ product: z.string().min(1).max(64) });
export const checkoutResponseSchema = z.object({ orderId: z.string(), url: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'canceled'] as const;

export const orderSchema = z.object({
  id: z.string(),
  product: z.string(),
  status: z.enum(ORDER_STATUSES),
  credits: z.number().int(),
  amount: z.number(),
  currency: z.string(),
  createdAt: z.string(),
  /** When the order was paid (null until then). */
  paidAt: z.string().nullable(),
  /** Credits taken back after a refund (0 when none). */
  refundedCredits: z.number().int(),
  /** The provider that took (or would take) the payment. */
  provider: z.enum(PAYMENT_PROVIDERS),
  /** For Pro: the period it paid for (ISO); a renewal is an order of its own. */
  periodStart: z.string().nullable().optional(),
  periodEnd: z.string().nullable().optional(),
  /** True for a Pro renewal (a monthly payment of the subscription, not a checkout). */
  renewal: z.boolean().optional(),
  /** Money returned for this order (0 when none). */
  refundedAmount: z.number().optional(),
});
export type Order = z.infer<typeof orderSchema>;
export const ordersResponseSchema = z.array(orderSchema);

export const subscriptionResponseSchema = z.object({
  isPro: z.boolean(),
  proExpiry: z.string().nullable(),
  /** The provider's subscription status (active, past_due, canceled, …), or "none". */
  status: z.string(),
  cancelAtPeriodEnd: z.boolean(),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

export const portalResponseSchema = z.object({ url: z.string() });

/** Sandbox only: what the sandbox portal page can do to the subscription. */
export const sandboxSubscriptionRequestSchema = z.object({ action: z.enum(['cancel', 'resume', 'renew']) });

/** GET /billing/ledger: the user's credit history, newest first. */
export const ledgerEntrySchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  /** message, refund, purchase, grant, clawback, signup, tool, … */
  reason: z.string(),
  createdAt: z.string(),
  /** What the entry is about, when known: the persona of a message, the pack of a purchase. */
  detail: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const ledgerResponseSchema = z.array(ledgerEntrySchema);

/** A spending limit the user sets (issue #49): whole credits, up to a billion. */
const limitCredits = z.number().int().min(1).max(1_000_000_000).nullable();

/** `PUT /api/users/me/limits`: a field left out stays as it is; null clears it. */
/** An IANA time zone this runtime knows (`Europe/Lisbon`, `UTC`); checked with Intl. */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
export const UNKNOWN_TIME_ZONE_MESSAGE = 'Unknown time zone. Use an IANA name such as Europe/Lisbon.';

export const spendingLimitsInputSchema = z.object({
  dailyCredits: limitCredits.optional(),
  monthlyCredits: limitCredits.optional(),
  /** The browser's time zone: the limits reset at its midnight (issue #49). */
  timeZone: z.string().refine(isTimeZone, UNKNOWN_TIME_ZONE_MESSAGE).optional(),
});
export type SpendingLimitsInput = z.infer<typeof spendingLimitsInputSchema>;

/** `GET|PUT /api/users/me/limits`: the limits (null: none), what counts against them now, and when each resets (the user's `timeZone`'s midnight). */
export const spendingLimitsSchema = z.object({
  dailyCredits: z.number().int().nullable(),
  monthlyCredits: z.number().int().nullable(),
  spentToday: z.number().int(),
  spentThisMonth: z.number().int(),
  dayResetsAt: z.string(),
  monthResetsAt: z.string(),
  timeZone: z.string(),
});
export type SpendingLimits = z.infer<typeof spendingLimitsSchema>;
