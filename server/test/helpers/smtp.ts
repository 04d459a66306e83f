import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:<port> — pass it to the app as SMTP_URL. */
  url: string;
  mails: CapturedMail[];
  /** Resolves with the first mail (already received or next) to that address whose subject matches. */
  waitForMail: (to: string, subject?: RegExp, ms?: number) => Promise<CapturedMail>;
  /** The 4-digit code of the latest matching mail. */
  waitForCode: (to: string, subject?: RegExp) => Promise<string>;
  /** Makes the server refuse every message (to test failed sends). */
  setRefuse: (refuse: boolean) => void;
  clear: () => void;
  stop: () => Promise<void>;
}

/** A real SMTP server in-process (smtp-server) whose messages are parsed with mailparser. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  let refuse = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if (refuse) return callback(new Error('550 refused by test'));
          const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((a) =>
            a.value.map((v) => (v.address ?? '').toLowerCase()),
          );
          mails.push({
            to,
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          for (const w of waiters) w();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const find = (to: string, subject?: RegExp, after = 0) =>
    mails.slice(after).find((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)));

  const waitForMail = (to: string, subject?: RegExp, ms = 10_000) =>
    new Promise<CapturedMail>((resolve, reject) => {
      const found = find(to, subject);
      if (found) return resolve(found);
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no mail to ${to} (${subject ?? 'any subject'}) arrived`));
      }, ms);
      const check = () => {
        const m = find(to, subject);
        if (!m) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(m);
      };
      waiters.add(check);
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail,
    async waitForCode(to, subject) {
      await waitForMail(to, subject);
      const latest = [...mails]
        .reverse()
        .find((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)));
      const code = /\b(\d{4})\b/.exec(latest?.text ?? '')?.[1];
      if (!code) throw new Error(`no code in the mail to ${to}`);
      return code;
    },
    setRefuse(value) {
      refuse = value;
    },
    clear() {
      mails.length = 0;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
