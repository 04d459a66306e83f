import type { User } from '../auth/user.js';
import type { OrderRow } from '../db/schema.js';

/** What a checkout sells: a credit pack or the Pro subscription. */
export type Product =
  | { kind: 'pack'; id: string; name: string; credits: number; amountCents: number; currency: string }
  | { kind: 'pro'; id: 'pro'; name: string; credits: 0; amountCents: number; currency: string };

/** A subscription as billing keeps it, whatever the provider. */
export interface SubscriptionState {
  id: string;
  provider: 'stripe' | 'sandbox';
  status: string;
  cancelAtPeriodEnd: boolean;
  /** The end of the period paid for (ISO), or null when unknown. */
  periodEnd: string | null;
  /** When the subscription ended (ISO), for ended ones. */
  endedAt: string | null;
}

/** Statuses in which a subscription still gives Pro until its period end. */
export const LIVE_SUBSCRIPTION_STATUSES = new Set(['active', 'trialing', 'past_due']);

/**
 * Takes payments. `stripe` sends the user to Stripe Checkout and its customer portal; `sandbox`
 * to the app's own test pages (no money moves). With PAYMENTS=off there is no provider.
 */
export interface PaymentProvider {
  readonly kind: 'stripe' | 'sandbox';
  /** Starts paying `order`; returns where to send the user and the provider's session id. */
  createCheckout(input: { order: OrderRow; user: User; product: Product }): Promise<{ url: string; sessionId: string }>;
  /** Where the user manages (cancels, renews) their subscription. */
  createPortal(user: User): Promise<{ url: string }>;
}
