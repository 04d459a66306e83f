import path from 'node:path';
import { startSmtpCapture } from '@neura/test-kit/mail/smtp-capture';
import { startServerProcess } from '@neura/test-kit/server/process';
import type { FullConfig } from '@playwright/test';

/** One app for the whole e2e run, started as `npm start` starts it; workers read its URL from env. */
export default async function globalSetup(_config: FullConfig) {
  // Mail goes to a real SMTP capture; workers read its journal (support/app.ts `mailbox`).
  const smtp = await startSmtpCapture();
  // The test machine is shared and loaded: give the speech recogniser room (the default is 60 s).
  const app = await startServerProcess({
    env: { SMTP_URL: smtp.url, LOG_LEVEL: 'info', SPEECH_TIMEOUT_MS: '180000', PAYMENTS: 'off' },
  });
  const journal = path.join(app.dataDir, 'mails.jsonl');
  smtp.setJournal(journal);
  process.env.E2E_MAIL_FILE = journal;
  process.env.E2E_BASE_URL = app.url;
  process.env.E2E_DATA_DIR = app.dataDir;
  return async () => {
    await app.stop();
    await smtp.stop();
  };
}
