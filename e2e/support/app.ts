import { openMailJournal } from '@neura/test-kit/mail/journal';
import type { Mailbox } from '@neura/test-kit/mail/mailbox';

/** The one app of the e2e run (started by global-setup.ts), as the workers see it through env. */

function fromEnv(name: 'E2E_BASE_URL' | 'E2E_DATA_DIR' | 'E2E_MAIL_FILE'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (global setup did not run)`);
  return value;
}

export const baseUrl = (): string => fromEnv('E2E_BASE_URL');
export const dataDir = (): string => fromEnv('E2E_DATA_DIR');
/** The mails the run's SMTP capture received (its journal file). */
export const mailbox = (): Mailbox => openMailJournal(fromEnv('E2E_MAIL_FILE'));
