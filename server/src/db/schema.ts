import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The typed database interface. The same on SQLite and PostgreSQL: timestamps are ISO strings,
 * booleans are 0/1 integers and lists are JSON text, so one migration set and one set of queries
 * serve both.
 */

type Bool = number;
type Timestamp = string;
type Json = string;

export interface UsersTable {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  email_verified_at: Timestamp | null;
  referral_code: string;
  pro_expiry: Timestamp | null;
  flags: Json;
  credits: ColumnType<number, number | undefined, number>;
  country: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 0008: `user` or `admin` (the operator's console and admin-only details). */
  role: ColumnType<UserRole, UserRole | undefined, UserRole>;
  /** 0013: set while the account is suspended (sign-in refused). */
  suspended_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** 0022: the user's language (a contract LOCALES value); null: not chosen. */
  locale: ColumnType<string | null, string | null | undefined, string | null>;
}

export type UserRole = 'user' | 'admin';

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
  revoked_at: Timestamp | null;
  user_agent: string | null;
}

export interface EmailCodesTable {
  id: string;
  email: string;
  kind: 'verify' | 'reset';
  code_hash: string;
  expires_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  consumed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface InvitesTable {
  id: string;
  code_hash: string;
  code_hint: string;
  max_uses: number;
  uses: ColumnType<number, number | undefined, number>;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

export interface WaitlistTable {
  id: string;
  email: string;
  created_at: Timestamp;
  invited_at: Timestamp | null;
  /** 0022: the language the address joined in. */
  locale: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Atomic limit counters (0004): a fixed-window count, or failures with a back-off time. */
export interface AttemptCountersTable {
  scope: string;
  subject: string;
  count: number;
  window_start: Timestamp;
  blocked_until: Timestamp | null;
}

export interface PersonasTable {
  id: string;
  icon: string;
  name: string;
  description: string;
  cost: number;
  tags: Json;
  published: Bool;
  requires_pro: Bool;
  included_skills: Json;
  system_prompt: string;
  model: string | null;
  greeting: string | null;
  sort_order: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 0014: a one-line pitch under the name. */
  tagline: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0014: JSON array of up to 4 suggested first messages. */
  suggested_prompts: ColumnType<Json | null, Json | null | undefined, Json | null>;
  /** 0014: the file-store key of an uploaded avatar (null: the generated art). */
  avatar: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0014: the user who made it; null for the operator's catalog. */
  owner_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0014: 'public' | 'unlisted' | 'private'. */
  visibility: ColumnType<
    'public' | 'unlisted' | 'private',
    'public' | 'unlisted' | 'private' | undefined,
    'public' | 'unlisted' | 'private'
  >;
  /** 0014: a custom persona's review: 'pending' | 'approved' | 'rejected'; null for the catalog. */
  review_state: ColumnType<
    'pending' | 'approved' | 'rejected' | null,
    'pending' | 'approved' | 'rejected' | null | undefined,
    'pending' | 'approved' | 'rejected' | null
  >;
  /** 0014: a deleted custom persona keeps its row (its chats stay readable with a note). */
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0022: JSON `{ [locale]: { name?, description?, greeting? } }`. */
  translations: ColumnType<Json | null, Json | null | undefined, Json | null>;
}

export interface ChatsTable {
  id: string;
  user_id: string;
  persona_id: string;
  name: string;
  last_message_at: Timestamp | null;
  preview: string | null;
  is_pinned: ColumnType<Bool, Bool | undefined, Bool>;
  is_archived: ColumnType<Bool, Bool | undefined, Bool>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MessagesTable {
  id: string;
  chat_id: string;
  user_id: string;
  role: 'user' | 'assistant' | 'system';
  content: string;
  parts: Json | null;
  /** A user message's attached files (0005): JSON of `StoredAttachment[]`, no bytes. */
  attachments: ColumnType<Json | null, Json | null | undefined, Json | null>;
  status: 'complete' | 'streaming' | 'stopped' | 'failed';
  cost: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** On an assistant reply: the user message it answers (its versions share it). */
  reply_to: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when a newer version replaced this reply (readable, out of the model's context). */
  superseded: ColumnType<number, number | undefined, number>;
  /** 0012, on a reply: the text of the user message it answered, kept when that message was edited. */
  prompt: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0008, on a reply: the model's reasoning text, kept apart from the answer. */
  reasoning: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0008, on a reply: the model id that answered. */
  model: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0008, on a reply: why the model stopped (`stop`, `length`, `content_filter`, `tool_calls`, `error`, `other`). */
  finish_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0008, on a reply: token usage as the provider reported it (summed over steps); null when not reported. */
  input_tokens: ColumnType<number | null, number | null | undefined, number | null>;
  output_tokens: ColumnType<number | null, number | null | undefined, number | null>;
  reasoning_tokens: ColumnType<number | null, number | null | undefined, number | null>;
  cached_input_tokens: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface CreditLedgerTable {
  id: string;
  user_id: string;
  /** Negative for a charge, positive for a grant, purchase or refund. */
  amount: number;
  reason: string;
  idempotency_key: string;
  created_at: Timestamp;
}

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

/** Stored files (0005): the bytes are in the file store under `storage_key`. */
export interface FilesTable {
  id: string;
  user_id: string;
  chat_id: string | null;
  purpose: 'attachment' | 'mask' | 'generated';
  mime_type: string;
  size: number;
  width: number | null;
  height: number | null;
  sha256: string;
  storage_key: string;
  created_at: Timestamp;
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

/** 0009: tokens of model calls that belong to no reply (chat titles), per user. */
export interface ModelUsageTable {
  id: string;
  user_id: string;
  chat_id: string | null;
  /** What the call was for: `chat-title`. */
  purpose: string;
  model: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
  created_at: Timestamp;
}

/** A shared chat (0010): a read-only snapshot (JSON) taken at share time; revoked links stay as rows. */
export interface ChatSharesTable {
  id: string;
  chat_id: string;
  user_id: string;
  snapshot: Json;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
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

/**
 * 0018: a "Download my data" archive (issue #40): built into `DATA_DIR/archives/<id>.tar.gz`, kept
 * until downloaded or `expires_at`. At most one `building` row per user (partial unique index).
 */
export interface DataArchivesTable {
  id: string;
  user_id: string;
  status: 'building' | 'ready' | 'failed';
  done: number;
  total: number;
  size: number | null;
  file_name: string;
  created_at: Timestamp;
  /** The builder's heartbeat while building: a row not updated for a minute is a dead build. */
  updated_at: Timestamp;
  /** Set when ready: the archive is deleted after this. */
  expires_at: Timestamp | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  email_codes: EmailCodesTable;
  invites: InvitesTable;
  waitlist: WaitlistTable;
  attempt_counters: AttemptCountersTable;
  personas: PersonasTable;
  chats: ChatsTable;
  messages: MessagesTable;
  credit_ledger: CreditLedgerTable;
  feedback: FeedbackTable;
  orders: OrdersTable;
  billing_customers: BillingCustomersTable;
  billing_subscriptions: BillingSubscriptionsTable;
  billing_events: BillingEventsTable;
  files: FilesTable;
  audit_log: AuditLogTable;
  model_prices: ModelPricesTable;
  model_usage: ModelUsageTable;
  chat_shares: ChatSharesTable;
  custom_persona_prices: CustomPersonaPricesTable;
  dashboard_days: DashboardDaysTable;
  data_archives: DataArchivesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type PersonaRow = Selectable<PersonasTable>;
export type NewPersona = Insertable<PersonasTable>;
export type ChatRow = Selectable<ChatsTable>;
export type NewChat = Insertable<ChatsTable>;
export type ChatUpdate = Updateable<ChatsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type FileRow = Selectable<FilesTable>;
export type NewMessage = Insertable<MessagesTable>;
export type InviteRow = Selectable<InvitesTable>;
export type EmailCodeRow = Selectable<EmailCodesTable>;
export type FeedbackRow = Selectable<FeedbackTable>;
export type OrderRow = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type OrderUpdate = Updateable<OrdersTable>;
export type BillingSubscriptionRow = Selectable<BillingSubscriptionsTable>;
export type ChatShareRow = Selectable<ChatSharesTable>;
export type DataArchiveRow = Selectable<DataArchivesTable>;
