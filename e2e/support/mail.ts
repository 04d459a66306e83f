import fs from 'node:fs';

/** Reading the mails the e2e SMTP capture received (see support/smtp.ts and global-setup.ts). */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

export function readMails(): ReceivedMail[] {
  const file = process.env.E2E_MAIL_FILE;
  if (!file) throw new Error('E2E_MAIL_FILE is not set (global setup did not run)');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReceivedMail);
}

/** Waits for the newest mail to `to` whose subject matches, received after `since` (ISO time). */
export async function waitForMail(to: string, subject: RegExp, since = '', timeoutMs = 15_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = readMails()
      .filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject) && m.receivedAt > since)
      .at(-1);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject} arrived`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The 4-digit code in a mail. */
export function codeIn(mail: ReceivedMail): string {
  const code = /\b(\d{4})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no 4-digit code in "${mail.subject}"`);
  return code;
}
