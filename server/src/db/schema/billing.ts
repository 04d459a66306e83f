import type { ColumnType } from 'kysely';
import type { Bool, Timestamp } from './columns.js';

/** The tables of money: the credit ledger, orders, billing customers, subscriptions and events. */

export interface CreditLedgerTable {
  id: string;
  user_id: string;
  /** Negative for a charge, positive for a grant, purchase or refund. */
  amount: number;
  reason: string;
  idempotency_key: string;
  created_at: Timestamp;
}

export interface OrdersTable {
  id: string;
  user_id: string;
  /** A pack id or "pro". */
  product: string;
  kind: 'pack' | 'pro';
  provider: 'stripe' | 'sandbox';
  status: 'pending' | 'paid' | 'failed' | 'canceled';
  credits: ColumnType<number, number | undefined, number>;
  amount_cents: number;
  currency: string;
  provider_session_id: string | null;
  provider_payment_id: string | null;
  provider_subscription_id: string | null;
  refunded_credits: ColumnType<number, number | undefined, number>;
  /** When the provider was last asked about this pending order (the status page's backstop). */
  checked_at: Timestamp | null;
  paid_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 0013: a refund made from the console (money returned through the provider). */
  refunded_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  refunded_cents: ColumnType<number, number | undefined, number>;
  /** 0019: the provider's invoice a renewal order records (one order per invoice). */
  provider_invoice_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0019: the Pro period a Pro order paid for (null for packs). */
  period_start: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  period_end: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

export interface BillingCustomersTable {
  user_id: string;
  provider_customer_id: string;
  created_at: Timestamp;
}

export interface BillingSubscriptionsTable {
  id: string;
  user_id: string;
  provider: 'stripe' | 'sandbox';
  status: string;
  cancel_at_period_end: ColumnType<Bool, Bool | undefined, Bool>;
  current_period_end: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BillingEventsTable {
  id: string;
  type: string;
  received_at: Timestamp;
}

/** 0029 (issue #49): the user's spending limits and what was spent in the current UTC day and month. */
export interface SpendingLimitsTable {
  user_id: string;
  daily_credits: ColumnType<number | null, number | null | undefined, number | null>;
  monthly_credits: ColumnType<number | null, number | null | undefined, number | null>;
  day_key: ColumnType<string, string | undefined, string>;
  day_spent: ColumnType<number, number | undefined, number>;
  month_key: ColumnType<string, string | undefined, string>;
  month_spent: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
  /** 0034: the user's IANA time zone, whose day and month the limits count; null: UTC. */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
}
