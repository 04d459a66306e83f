import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { type CapturedMail, codeIn, findMail, type Mailbox, noMailError } from './mailbox.js';

export interface SmtpCapture extends Mailbox {
  /** smtp://127.0.0.1:<port> — pass it to the app as SMTP_URL. */
  url: string;
  mails: CapturedMail[];
  /** From now on also append each mail as one JSON line to this file (read it with `openMailJournal`). */
  setJournal: (file: string) => void;
  /** Makes the server refuse every message (to test failed sends). */
  setRefuse: (refuse: boolean) => void;
  clear: () => void;
  stop: () => Promise<void>;
}

/**
 * A real SMTP server (smtp-server) whose messages are parsed with mailparser. Tests in this
 * process read `mails` or wait on them; other processes (Playwright workers) read the journal file.
 */
export async function startSmtpCapture(options: { journal?: string } = {}): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  let refuse = false;
  let journal = options.journal;
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
          const mail: CapturedMail = {
            to,
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: new Date().toISOString(),
          };
          mails.push(mail);
          if (journal) fs.appendFileSync(journal, `${JSON.stringify(mail)}\n`);
          for (const w of waiters) w();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const waitForMail: Mailbox['waitForMail'] = (to, subject, { since, timeoutMs = 10_000 } = {}) =>
    new Promise<CapturedMail>((resolve, reject) => {
      const found = findMail(mails, to, subject, since);
      if (found) return resolve(found);
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(noMailError(to, subject));
      }, timeoutMs);
      const check = () => {
        const m = findMail(mails, to, subject, since);
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
    waitForCode: async (to, subject, options) => codeIn(await waitForMail(to, subject, options)),
    setJournal(file) {
      journal = file;
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
