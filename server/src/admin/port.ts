import type { UserAdminService } from '../accounts/user-admin-service.js';
import type { BillingRepository } from '../billing/repository.js';
import type { BillingService } from '../billing/service.js';
import { usageReport } from '../conversation/usage-report.js';
import type { UserRow } from '../db/schema.js';
import type { ProAdminService } from '../entitlements/admin-service.js';
import type { FeedbackService } from '../feedback/service.js';
import type { AppModules } from '../modules.js';
import type { PersonaAdminService } from '../personas/admin-service.js';

/**
 * What the admin CLI's commands may use (issue #42): each feature's admin operations, which write
 * their audit line in the change's transaction, and a few reads. Not the composed modules: a
 * command cannot change anything without its audit line.
 */
export interface AdminPort {
  users: Pick<
    UserAdminService,
    | 'setRole'
    | 'adjustCredits'
    | 'setFlag'
    | 'createInvites'
    | 'revokeInvite'
    | 'listInvites'
    | 'listWaitlist'
    | 'inviteFromWaitlist'
  >;
  pro: Pick<ProAdminService, 'givePro'>;
  personas: Pick<PersonaAdminService, 'importRecords' | 'exportRecords'>;
  findUserByEmail: (email: string) => Promise<UserRow | undefined>;
  orders: BillingRepository['listAllOrders'];
  ledger: BillingService['ledger'];
  feedback: FeedbackService['list'];
  usage: (query: Parameters<typeof usageReport>[1]) => ReturnType<typeof usageReport>;
  /** False when SMTP_URL is unset (mails go to the log). */
  mailConfigured: boolean;
}

/** The port on the composed modules (the CLI composes them; commands get only this). */
export function adminPort(m: AppModules): AdminPort {
  return {
    users: m.userAdmin,
    pro: m.proAdmin,
    personas: m.personaAdmin,
    findUserByEmail: (email) => m.users.findByEmail(email),
    orders: (userId, limit) => m.billing.repo.listAllOrders(userId, limit),
    ledger: (userId) => m.billing.ledger(userId),
    feedback: (limit) => m.feedback.list(limit),
    usage: (query) => usageReport(m.db, query),
    mailConfigured: m.mailer.configured,
  };
}
