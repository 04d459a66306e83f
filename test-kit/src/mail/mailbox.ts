/** What both mail readers share: the parsed mail, finding one, and reading its 4-digit code. */
export interface CapturedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** ISO time the capture received it. */
  receivedAt: string;
}

export interface WaitOptions {
  /** Only mails received after this ISO time. */
  since?: string;
  timeoutMs?: number;
}

/** Reads the mails one SMTP capture received (in this process, or through its journal file). */
export interface Mailbox {
  /** Resolves with the newest mail (already received or next) to that address whose subject matches. */
  waitForMail: (to: string, subject?: RegExp, options?: WaitOptions) => Promise<CapturedMail>;
  /** The 4-digit code of the newest matching mail. */
  waitForCode: (to: string, subject?: RegExp, options?: WaitOptions) => Promise<string>;
}

export function findMail(
  mails: readonly CapturedMail[],
  to: string,
  subject?: RegExp,
  since = '',
): CapturedMail | undefined {
  const address = to.toLowerCase();
  return mails
    .filter((m) => m.to.includes(address) && (!subject || subject.test(m.subject)) && m.receivedAt > since)
    .at(-1);
}

/** The 4-digit code in a mail. */
export function codeIn(mail: CapturedMail): string {
  const code = /\b(\d{4})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no 4-digit code in "${mail.subject}" to ${mail.to.join(', ')}`);
  return code;
}

export const noMailError = (to: string, subject?: RegExp) =>
  new Error(`no mail to ${to} (${subject ?? 'any subject'}) arrived`);
