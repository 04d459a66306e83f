import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../errors.js';
import type { AttemptLimiter } from '../lib/limits/limiter.js';
import type { Mailer } from '../mail/mailer.js';
import { inviteMail } from '../mail/templates.js';
import type { InviteService } from './invite-service.js';
import { LIMITS } from './limits.js';
import type { WaitlistEntry, WaitlistRepository } from './waitlist-repository.js';

/** The built-in waitlist (used when WAITLIST_URL is unset) and inviting from it. */
export class WaitlistService {
  constructor(
    private readonly waitlist: WaitlistRepository,
    private readonly invites: InviteService,
    private readonly limiter: AttemptLimiter,
    private readonly mailer: Mailer,
    private readonly appUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Stores the address (idempotent: joining twice is fine and changes nothing). */
  async join(email: string, ip: string, locale?: string): Promise<void> {
    await this.limiter.reserve(LIMITS.waitlistPerIp, ip);
    await this.waitlist.add(email.toLowerCase(), locale ?? null);
  }

  list(): Promise<WaitlistEntry[]> {
    return this.waitlist.list();
  }

  /** Mails a fresh single-use invite code to each of the oldest `count` waiting addresses. */
  async inviteOldest(count: number): Promise<Array<{ email: string; sent: boolean }>> {
    return this.inviteAll(await this.waitlist.oldestWaiting(count));
  }

  /**
   * Approves these waitlist entries: each gets a fresh single-use invite code by mail (again, when
   * it was invited before). An address not on the waitlist is refused before anything is sent.
   */
  async approve(emails: readonly string[]): Promise<Array<{ email: string; sent: boolean }>> {
    const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
    const listed = new Set(await this.waitlist.listed(wanted));
    const missing = wanted.find((e) => !listed.has(e));
    if (missing !== undefined) throw new AppError('not-found', `${missing} is not on the waitlist.`);
    return this.inviteAll(wanted);
  }

  /** A failed mail revokes its code and leaves the entry waiting. */
  private async inviteAll(emails: readonly string[]): Promise<Array<{ email: string; sent: boolean }>> {
    const results: Array<{ email: string; sent: boolean }> = [];
    for (const email of emails) {
      const [code] = await this.invites.create(1, 1);
      try {
        await this.mailer.send(inviteMail(email, code as string, this.appUrl, await this.waitlist.localeOf(email)));
        await this.waitlist.markInvited(email);
        results.push({ email, sent: true });
      } catch (error) {
        this.log.error({ err: error, to: email }, 'invite mail failed');
        await this.invites.revoke(code as string);
        results.push({ email, sent: false });
      }
    }
    return results;
  }
}
