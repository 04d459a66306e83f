import type { ColumnType } from 'kysely';
import type { Json, Timestamp } from './columns.js';

/** The tables of the operator: feedback, the audit log, model and custom persona prices, kept dashboard days. */

export interface FeedbackTable {
  id: string;
  user_id: string | null;
  type: string;
  about: string;
  message: string | null;
  created_at: Timestamp;
  /** 0013: when an admin marked it handled. */
  handled_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** 0013: append-only (triggers refuse UPDATE and DELETE). */
export interface AuditLogTable {
  id: string;
  at: Timestamp;
  actor_id: string | null;
  /** The admin's email, or `cli` (plus the OS user) for the command line. */
  actor: string;
  action: string;
  target: string;
  before: Json | null;
  after: Json | null;
}

/** 0013: token prices per model, per million tokens, in the shop's currency (major units). */
export interface ModelPricesTable {
  model: string;
  input_per_mtok: number;
  output_per_mtok: number;
  updated_at: Timestamp;
}

/** 0017: the console's price per message (credits) of a custom persona on a model (issue #29). */
export interface CustomPersonaPricesTable {
  /** `provider:model`, or `*` for models without a price of their own. */
  model: string;
  price: number;
  updated_at: Timestamp;
}

/**
 * 0016: the console dashboard's figures of one closed local day in one time zone, exactly as its
 * grouped queries return them (JSON); dropped by triggers when a source row of that day changes.
 */
export interface DashboardDaysTable {
  time_zone: string;
  day: string;
  start_at: Timestamp;
  end_at: Timestamp;
  /** 0 while the job computes the day (a change meanwhile deletes the row, and the result is dropped). */
  ready: number;
  figures: string | null;
  computed_at: Timestamp;
}
