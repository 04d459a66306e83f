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

/**
 * Two workers under CI (each with its own browser; the specs share only the global setup's app,
 * each test on its own users): on 2 cores one worker leaves a core idle while its test waits on
 * the app or a timer. `E2E_WORKERS` overrides; locally one, so a developer's machine stays usable.
 */
const workers = Number(process.env.E2E_WORKERS ?? (process.env.CI ? 2 : 1));

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    headless: true,
    screenshot: 'only-on-failure',
    // A failed test keeps its trace (actions, DOM snapshots, network) but not the screencast:
    // recording frames of every test took ~40% of the e2e tier's CPU (Chromium's GPU and browser
    // processes), and the failure's own screenshot stays (docs/PERFORMANCE.md "CI time").
    trace: { mode: 'retain-on-failure', screenshots: false },
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
