import {
  type CheckoutResponse,
  checkoutResponseSchema,
  type LedgerEntry,
  ledgerResponseSchema,
  type Order,
  orderSchema,
  ordersResponseSchema,
  type ProductsResponse,
  portalResponseSchema,
  productsResponseSchema,
  type SubscriptionResponse,
  subscriptionResponseSchema,
} from '@neura/contract';
import { api } from '../api/http';

/** The billing calls of ARCHITECTURE.md §3 (plus the ledger and the sandbox's own calls). */

export const fetchProducts = (): Promise<ProductsResponse> => api('/billing/products', {}, productsResponseSchema);
export const fetchOrders = (): Promise<Order[]> => api('/billing/orders', {}, ordersResponseSchema);
export const fetchOrder = (id: string): Promise<Order> =>
  api(`/billing/orders/${encodeURIComponent(id)}`, {}, orderSchema);
export const fetchLedger = (): Promise<LedgerEntry[]> => api('/billing/ledger', {}, ledgerResponseSchema);
export const fetchSubscription = (): Promise<SubscriptionResponse> =>
  api('/billing/subscription', {}, subscriptionResponseSchema);

export const createCheckout = (product: string): Promise<CheckoutResponse> =>
  api('/billing/checkout', { method: 'POST', body: { product } }, checkoutResponseSchema);
export const cancelOrder = (id: string): Promise<Order> =>
  api(`/billing/orders/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: {} }, orderSchema);
export const openPortal = (): Promise<{ url: string }> =>
  api('/billing/portal', { method: 'POST', body: {} }, portalResponseSchema);

export const completeSandboxOrder = (id: string, outcome: 'paid' | 'failed'): Promise<Order> =>
  api(`/billing/sandbox/${encodeURIComponent(id)}/complete`, { method: 'POST', body: { outcome } }, orderSchema);
export const changeSandboxSubscription = (action: 'cancel' | 'resume' | 'renew'): Promise<SubscriptionResponse> =>
  api('/billing/sandbox/subscription', { method: 'POST', body: { action } }, subscriptionResponseSchema);
