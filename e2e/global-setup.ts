import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startApp } from './support/app-server.js';
import { startSmtpCapture } from './support/smtp.js';

/** One app for the whole e2e run, started as `npm start` starts it; workers read its URL from env. */
export default async function globalSetup(_config: FullConfig) {
  // Mail goes to a real SMTP capture; tests read it from E2E_MAIL_FILE (support/mail.ts).
  const smtp = await startSmtpCapture();
  const app = await startApp({ SMTP_URL: smtp.url });
  smtp.setFile(path.join(app.dataDir, 'mails.jsonl'));
  process.env.E2E_MAIL_FILE = path.join(app.dataDir, 'mails.jsonl');
  process.env.E2E_BASE_URL = app.url;
  process.env.E2E_DATA_DIR = app.dataDir;
  if (app.inviteCode) process.env.E2E_FIRST_INVITE = app.inviteCode;
  return async () => {
    await app.stop();
    await smtp.stop();
  };
}
