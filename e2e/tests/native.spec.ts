import { type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { devices, expect, type Page, test } from '@playwright/test';
import { baseUrl } from '../support/app.js';

/**
 * The native build's web side in Chromium: the store-app banner of a phone browser, and the
 * native version check against a server whose supportedClientRange starts above 2.0.0.
 */
const phone = devices['Pixel 7'];

test.describe('store-app banner on a phone browser', () => {
  test.use({ userAgent: phone.userAgent, viewport: phone.viewport, isMobile: true, hasTouch: true });

  test('should show the banner, dismiss it and keep it dismissed', async ({ page }) => {
    await page.goto(`${baseUrl()}/terms`);
    const banner = page.getByRole('complementary', { name: 'Get the Neura app' });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Get' })).toHaveAttribute(
      'href',
      'https://play.google.com/store/apps/details?id=ai.neura.app',
    );
    await banner.getByRole('button', { name: 'Dismiss the app banner' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('view-title')).toHaveText('Terms of Use');
    await expect(banner).toBeHidden();
    await page.goto(`${baseUrl()}/changelog`);
    await expect(page.getByTestId('view-title')).toHaveText('Release Notes');
    await expect(banner).toBeHidden();
  });

  test('should step aside while the auth modal is open (one install offer at a time)', async ({ page }) => {
    await page.goto(`${baseUrl()}/`);
    const banner = page.getByTestId('store-banner');
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Skip Intro' })).toBeVisible();
    await expect(banner).toBeHidden();
    await page.getByRole('dialog').getByRole('button', { name: 'Skip Intro' }).click();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'No, thanks' })).toBeVisible();
    await expect(banner).toBeHidden();
    await page.getByRole('dialog').getByRole('button', { name: 'No, thanks' }).click();
    await expect(page.getByRole('dialog').getByLabel('Email')).toBeVisible();
    await expect(banner).toBeHidden();
  });
});

test.describe('store-app banner on a desktop browser', () => {
  test('should not show', async ({ page }) => {
    await page.goto(`${baseUrl()}/terms`);
    await expect(page.getByTestId('view-title')).toHaveText('Terms of Use');
    await expect(page.getByTestId('store-banner')).toHaveCount(0);
  });
});

/**
 * What the native shell provides before the page runs: `window.Capacitor` marked native, with a
 * bridge answering the App plugin (id ai.neura.app) the way Capacitor's native side does.
 */
function nativeShell() {
  const w = window as unknown as Record<string, unknown>;
  w.androidBridge = { postMessage: () => undefined };
  w.Capacitor = {
    isNativePlatform: () => true,
    getPlatform: () => 'android',
    PluginHeaders: [{ name: 'App', methods: [{ name: 'getInfo', rtype: 'promise' }] }],
    nativePromise: async (plugin: string, method: string) => {
      if (plugin === 'App' && method === 'getInfo')
        return { id: 'ai.neura.app', name: 'Neura', build: '1', version: '2.0.0' };
      throw new Error(`${plugin}.${method} is not available in this shell`);
    },
  };
}

test.describe('native version check', () => {
  let app: ServerProcess;
  test.beforeAll(async () => {
    app = await startServerProcess({ env: { SUPPORTED_CLIENT_RANGE: '>=2.1.0 <3.0.0' } });
  });
  test.afterAll(async () => {
    await app?.stop();
  });

  test('should send a native client older than the supported range to /outdated.html', async ({ page }) => {
    await page.addInitScript(nativeShell);
    await page.goto(`${app.url}/`);
    await page.waitForURL(`${app.url}/outdated.html`);
    await expect(page.getByRole('heading', { name: 'Please update Neura' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute(
      'href',
      'https://play.google.com/store/apps/details?id=ai.neura.app',
    );
  });

  // Start-up loads the personas only after the version check let the client stay.
  const personasLoaded = (page: Page) => page.waitForResponse((r) => new URL(r.url()).pathname === '/api/personas');

  test('should leave a web browser on the app, whatever the range says', async ({ page }) => {
    const loaded = personasLoaded(page);
    await page.goto(`${app.url}/terms`);
    await loaded;
    await expect(page.getByTestId('view-title')).toHaveText('Terms of Use');
    await expect(page).toHaveURL(`${app.url}/terms`);
  });

  test('should keep a native client inside the range on the app', async ({ page }) => {
    await page.addInitScript(nativeShell);
    const loaded = personasLoaded(page);
    await page.goto(`${baseUrl()}/terms`);
    await loaded;
    await expect(page.getByTestId('view-title')).toHaveText('Terms of Use');
    await expect(page).toHaveURL(`${baseUrl()}/terms`);
  });
});
