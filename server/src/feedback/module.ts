import type { Authenticator } from '../auth/authenticate.js';
import type { Db } from '../db/database.js';
import type { EventBus } from '../lib/events.js';
import { FeedbackRepository } from './repository.js';
import { feedbackRoutes } from './routes.js';
import { FeedbackService } from './service.js';

/** Feedback from the help pages; it goes with the account that sent it. */
export function createFeedbackModule({ db, events, auth }: { db: Db; events: EventBus; auth: Authenticator }) {
  const repository = new FeedbackRepository(db);
  const feedback = new FeedbackService(repository);
  events.on('user.deleting', ({ userId, trx }) => repository.deleteAllOf(userId, trx));
  return { feedback, routes: feedbackRoutes(auth, feedback) };
}
