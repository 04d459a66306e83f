import type { Insertable, Selectable, Updateable } from 'kysely';
import type { JobsTable } from './jobs-table.js';
import type {
  AttemptCountersTable,
  EmailCodesTable,
  InvitesTable,
  SessionsTable,
  UsersTable,
  WaitlistTable,
} from './schema/accounts.js';
import type {
  BillingCustomersTable,
  BillingEventsTable,
  BillingSubscriptionsTable,
  CreditLedgerTable,
  OrdersTable,
  SpendingLimitsTable,
} from './schema/billing.js';
import type {
  ChatFoldersTable,
  ChatRoundsTable,
  ChatSharesTable,
  ChatsTable,
  DataArchivesTable,
  FilesTable,
  MessagesTable,
  ModelUsageTable,
  PersonasTable,
} from './schema/chats.js';
import type { DocumentChunksTable, DocumentsTable } from './schema/documents.js';
import type { MemoryItemsTable, MemorySettingsTable } from './schema/memory.js';
import type {
  NotificationSettingsTable,
  PushDeliveriesTable,
  PushSubscriptionsTable,
  PushTokensTable,
} from './schema/notifications.js';
import type { OidcFlowsTable, OidcIdentitiesTable, OidcTicketsTable } from './schema/oidc.js';
import type {
  AuditLogTable,
  CustomPersonaPricesTable,
  DashboardDaysTable,
  FeedbackTable,
  ModelPricesTable,
} from './schema/operations.js';
import type { AuthChallengesTable, BackupCodesTable, PasskeysTable, TwoFactorTable } from './schema/security.js';

export type { UserRole } from './schema/accounts.js';
export type { ChatRoundsTable, MessagesTable, ModelUsageTable } from './schema/chats.js';
export type { FeedbackTable } from './schema/operations.js';

/**
 * The typed database interface. The same on SQLite and PostgreSQL: timestamps are ISO strings,
 * booleans are 0/1 integers and lists are JSON text, so one migration set and one set of queries
 * serve both. The tables, one file per area, are in db/schema/.
 */

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
  jobs: JobsTable;
  memory_settings: MemorySettingsTable;
  memory_items: MemoryItemsTable;
  spending_limits: SpendingLimitsTable;
  oidc_identities: OidcIdentitiesTable;
  oidc_flows: OidcFlowsTable;
  oidc_tickets: OidcTicketsTable;
  two_factor: TwoFactorTable;
  backup_codes: BackupCodesTable;
  passkeys: PasskeysTable;
  auth_challenges: AuthChallengesTable;
  chat_folders: ChatFoldersTable;
  chat_rounds: ChatRoundsTable;
  notification_settings: NotificationSettingsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_tokens: PushTokensTable;
  push_deliveries: PushDeliveriesTable;
  documents: DocumentsTable;
  document_chunks: DocumentChunksTable;
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
export type MemoryItemRow = Selectable<MemoryItemsTable>;
export type ChatFolderRow = Selectable<ChatFoldersTable>;
export type DocumentRow = Selectable<DocumentsTable>;
