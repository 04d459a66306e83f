import type { FullConfig } from '@playwright/test';
import { startApp } from './support/app-server.js';

/** One app for the whole e2e run, started as `npm start` starts it; workers read its URL from env. */
export default async function globalSetup(_config: FullConfig) {
  const app = await startApp();
  process.env.E2E_BASE_URL = app.url;
  process.env.E2E_DATA_DIR = app.dataDir;
  if (app.inviteCode) process.env.E2E_FIRST_INVITE = app.inviteCode;
  return async () => {
    await app.stop();
  };
}
