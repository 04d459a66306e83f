import { defineConfig } from '@playwright/test';
import { chromiumPath, FULL_CHROMIUM_SPECS, fullChromiumPath } from './support/browser.js';

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: [
    // Most specs: the headless shell when installed (support/browser.ts).
    {
      name: 'chromium',
      testIgnore: FULL_CHROMIUM_SPECS,
      use: { launchOptions: { executablePath: chromiumPath(), args } },
    },
    // Web push needs the full browser's notification permission.
    {
      name: 'chromium-full',
      testMatch: FULL_CHROMIUM_SPECS,
      use: { launchOptions: { executablePath: fullChromiumPath(), args } },
    },
  ],
});
