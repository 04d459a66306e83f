import fs from 'node:fs';
import { type CapturedMail, codeIn, findMail, type Mailbox, noMailError } from './mailbox.js';

/** The mails an SMTP capture in another process wrote to its journal file (see `setJournal`). */
export function readJournal(file: string): CapturedMail[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CapturedMail);
}

/** A mailbox over a capture's journal file: waits by watching the file grow. */
export function openMailJournal(file: string): Mailbox {
  const waitForMail: Mailbox['waitForMail'] = (to, subject, { since, timeoutMs = 15_000 } = {}) =>
    new Promise<CapturedMail>((resolve, reject) => {
      const check = () => {
        const mail = findMail(readJournal(file), to, subject, since);
        if (!mail) return false;
        fs.unwatchFile(file, check);
        clearTimeout(timer);
        resolve(mail);
        return true;
      };
      const timer = setTimeout(() => {
        fs.unwatchFile(file, check);
        reject(noMailError(to, subject));
      }, timeoutMs);
      if (!check()) fs.watchFile(file, { interval: 50 }, check);
    });
  return {
    waitForMail,
    waitForCode: async (to, subject, options) => codeIn(await waitForMail(to, subject, options)),
  };
}
