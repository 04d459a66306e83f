import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * How long a mail may wait for the SMTP server: to connect, for its greeting, and for any answer
 * once connected. nodemailer's own defaults are 2 min, 30 s and 10 min: a mail server that hangs
 * held a mail's work (and a stopping app, which waits for it) that long. A query in SMTP_URL
 * (`?connectionTimeout=…&greetingTimeout=…&socketTimeout=…`) still overrides each.
 */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Sends mail over SMTP_URL (nodemailer). Without SMTP, and only when `logBodies` (MAIL_TO_LOG:
 * on by default outside production), the mail is written to the log at info with a "mail not
 * configured" line, so a development install still works; in production codes never reach the log.
 */
export class Mailer {
  /** Made on the first mail: nodemailer's modules load then, not at every process start. */
  private transport?: Promise<Transporter>;

  constructor(
    private readonly smtpUrl: string | undefined,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    private readonly options: { logBodies: boolean; timeoutsMs?: Partial<typeof SMTP_TIMEOUTS_MS> } = {
      logBodies: true,
    },
  ) {}

  private transporter(smtpUrl: string): Promise<Transporter> {
    // The URL's own options (its query included) come after these, so they win (nodemailer).
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ ...SMTP_TIMEOUTS_MS, ...this.options.timeoutsMs, url: smtpUrl }),
    );
    return this.transport;
  }

  get configured(): boolean {
    return this.smtpUrl !== undefined && this.smtpUrl !== '';
  }

  /** Throws when the SMTP server refuses or cannot be reached; callers turn that into their message. */
  async send(mail: Mail): Promise<void> {
    if (!this.smtpUrl) {
      if (!this.options.logBodies) {
        // Not even the subject: it can carry the code.
        this.log.warn(
          'mail not configured (SMTP_URL is unset): this mail was not sent (MAIL_TO_LOG is off, so its text is not logged)',
        );
        return;
      }
      this.log.info(
        { to: mail.to, subject: mail.subject },
        `mail not configured (SMTP_URL is unset): this mail was not sent; its text follows\n${mail.text}`,
      );
      return;
    }
    const transport = await this.transporter(this.smtpUrl);
    await transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  }

  close(): void {
    void this.transport?.then((transport) => transport.close()).catch(() => undefined);
  }
}
