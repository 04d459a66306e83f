import type { PaymentProvider } from './provider.js';

/** The sandbox's checkout and portal pages are pages of the web app (same origin, so relative). */
export const sandboxCheckoutUrl = (orderId: string) =>
  `/settings/credits/complete?order=${encodeURIComponent(orderId)}&checkout=sandbox`;
export const SANDBOX_PORTAL_URL = '/settings/pro?portal=sandbox';

/**
 * Payments without keys: the app's own checkout page, labelled "Test payment — no money moves",
 * pays the order through the same fulfilment code as Stripe's webhook.
 */
export class SandboxProvider implements PaymentProvider {
  readonly kind = 'sandbox' as const;

  async createCheckout({ order }: Parameters<PaymentProvider['createCheckout']>[0]) {
    return { url: sandboxCheckoutUrl(order.id), sessionId: `sandbox_${order.id}` };
  }

  async createPortal() {
    return { url: SANDBOX_PORTAL_URL };
  }
}
