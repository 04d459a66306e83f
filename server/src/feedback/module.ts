import type { AuditLog } from '../audit/repository.js';
import type { Authenticator } from '../auth/authenticate.js';
import type { Db } from '../db/database.js';
import type { EventBus } from '../lib/events.js';
import { FeedbackAdminService } from './admin-service.js';
import { FeedbackRepository } from './repository.js';
import { feedbackRoutes } from './routes.js';
import { FeedbackService } from './service.js';

/** Feedback from the help pages; it goes with the account that sent it. */
export function createFeedbackModule({
  db,
  kind,
  events,
  auth,
  audit,
}: {
  db: Db;
  kind: 'sqlite' | 'postgres';
  events: EventBus;
  auth: Authenticator;
  audit: AuditLog;
}) {
  const repository = new FeedbackRepository(db, kind);
  const feedback = new FeedbackService(repository);
  events.on('user.deleting', ({ userId, trx }) => repository.deleteAllOf(userId, trx));
  /** What an operator does to feedback (the console). */
  const feedbackAdmin = new FeedbackAdminService(db, repository, audit);
  return { feedback, feedbackAdmin, routes: feedbackRoutes(auth, feedback) };
}
