import { generateToken, hashToken } from '../auth/tokens.js';
import { describeUserAgent } from '../lib/user-agent.js';
import { securityMail } from '../mail/templates.js';
import type { AccountDeps, Origin } from './account-deps.js';

/**
 * Opens a login session (password, code, second factor, passkey) and, when it comes from a device
 * the user never signed in from before, mails them a security notice in their language (issue
 * #47). The mail goes after the answer; a failure is logged.
 */
export class SessionOpener {
  constructor(private readonly d: Pick<AccountDeps, 'sessions' | 'users' | 'mailer' | 'log'>) {}

  async open(userId: string, origin: Origin): Promise<string> {
    const userAgent = origin.userAgent?.slice(0, 300) ?? null;
    const news = await this.d.sessions.deviceNews(userId, userAgent);
    const token = generateToken();
    await this.d.sessions.create(userId, hashToken(token), userAgent, undefined, origin.ip);
    if (news === 'new') {
      void this.mailNewDevice(userId, userAgent).catch((error: unknown) =>
        this.d.log.error({ err: error }, 'new-device mail failed'),
      );
    }
    return token;
  }

  private async mailNewDevice(userId: string, userAgent: string | null): Promise<void> {
    const user = await this.d.users.findById(userId);
    if (!user) return;
    await this.d.mailer.send(
      securityMail(user.email, { kind: 'newSignIn', detail: describeUserAgent(userAgent) }, user.locale),
    );
  }
}
