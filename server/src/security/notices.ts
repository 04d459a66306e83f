import type { FastifyBaseLogger } from 'fastify';
import type { User } from '../auth/user.js';
import type { Mailer } from '../mail/mailer.js';
import { type SecurityNews, securityMail } from '../mail/templates.js';

/** Security mails (issue #47): sent after the change, in the user's locale; a failure is logged. */
export class SecurityNotices {
  constructor(
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  tell(user: Pick<User, 'email' | 'locale'>, news: SecurityNews): void {
    void this.mailer
      .send(securityMail(user.email, news, user.locale))
      .catch((error: unknown) => this.log.error({ err: error }, 'security mail failed'));
  }
}
