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

/**
 * Traces kept for a failed test: actions, DOM snapshots, console and network, but not the screencast
 * (its frames took ~40% of the tier's CPU). Under CI none is recorded unless `E2E_TRACE=on`: even
 * without the screencast, recording every test's trace to keep the failed ones cost ~20% of the
 * Chromium and runner CPU (docs/PERFORMANCE.md "CI time"); a failure there keeps its screenshot and
 * error-context.md (the page's accessibility snapshot). Locally, and with `E2E_TRACE=on`, as before.
 */
const trace = process.env.CI && process.env.E2E_TRACE !== 'on' ? 'off' : 'retain-on-failure';

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
    trace: { mode: trace, screenshots: false },
    // No service worker unless a spec asks for one (`test.use({ serviceWorkers: 'allow' })`: the
    // installed-app, update and push specs). Its first install downloads every file of the app in
    // each test's new context: ~2.4 s of Chromium's CPU and ~0.25 s of the app's per test, over a
    // quarter of the tier's time on 2 cores (docs/PERFORMANCE.md "CI time"), for specs that do not
    // test it.
    serviceWorkers: 'block',
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
