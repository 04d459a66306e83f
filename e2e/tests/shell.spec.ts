import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { baseUrl } from '../support/app.js';
import { describeViolations, seriousViolations } from '../support/axe.js';
import { navigateInApp } from '../support/navigate.js';
import { createSignedInUser, signIn, signInNewUser, withSeed } from '../support/session.js';

const shots = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));
fs.mkdirSync(shots, { recursive: true });

type Left = 'new-chat' | 'to-chats' | 'back';
const ROUTES: ReadonlyArray<{ path: string; title: string | null; left: Left; footer: boolean }> = [
  { path: '/', title: 'Browse Personas', left: 'new-chat', footer: true },
  { path: '/chats', title: 'Chats', left: 'new-chat', footer: true },
  // The chat page titles itself with the chat's name; only the chrome is checked here.
  { path: '/chats/e2e-chat', title: null, left: 'to-chats', footer: false },
  { path: '/create', title: 'Create Persona', left: 'new-chat', footer: true },
  { path: '/pro', title: 'Neura Pro', left: 'back', footer: true },
  { path: '/settings', title: 'Settings', left: 'new-chat', footer: true },
  { path: '/settings/password', title: 'Change Password', left: 'back', footer: true },
  { path: '/settings/delete', title: 'Delete Account', left: 'back', footer: true },
  { path: '/settings/credits', title: 'Buy Credits', left: 'back', footer: true },
  { path: '/settings/credits/complete', title: 'Order Status', left: 'back', footer: true },
  { path: '/settings/pro', title: 'Pro Subscription', left: 'back', footer: true },
  { path: '/changelog', title: 'Release Notes', left: 'back', footer: true },
  { path: '/ui-test', title: 'UI Test', left: 'back', footer: true },
  { path: '/ui-test-ionic', title: 'UI Test (Ionic)', left: 'back', footer: true },
  { path: '/terms', title: 'Terms of Use', left: 'back', footer: true },
  { path: '/no-such-page', title: 'Not Found', left: 'back', footer: true },
];

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844, desktop: false },
  { name: 'desktop', width: 1440, height: 900, desktop: true },
] as const;

const slug = (p: string) => (p === '/' ? 'home' : p.slice(1).replace(/\//g, '-'));

async function pageReady(page: Page) {
  await expect(page.getByTestId('view-title')).not.toBeEmpty();
  await page.locator('main h2').first().waitFor({ state: 'attached' });
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

const persisted = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('neura:persisted') ?? '{}') as Record<string, unknown>);

for (const vp of VIEWPORTS) {
  test.describe(`shell at ${vp.width}×${vp.height}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test('should show every route with its title and chrome, with no serious accessibility violations', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await signInNewUser(page);
      for (const route of ROUTES) {
        await test.step(route.path, async () => {
          await page.goto(`${baseUrl()}${route.path}`);
          await pageReady(page);
          if (route.title) {
            await expect(page).toHaveTitle(route.title);
            await expect(page.getByTestId('view-title')).toHaveText(route.title);
          }
          await expect(page.getByTestId('header-left')).toHaveAttribute('data-action', route.left);
          await expect(page.getByTestId('credits-badge')).toBeVisible();
          await expect(page.getByTestId('help-button')).toBeVisible();
          await expect(page.getByRole('dialog')).toHaveCount(0);
          const footer = page.getByRole('navigation', { name: 'Main' });
          const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
          if (vp.desktop) {
            await expect(sidebar).toBeVisible();
            await expect(footer).toBeHidden();
          } else {
            await expect(sidebar).toBeHidden();
            if (route.footer) await expect(footer).toBeVisible();
            else await expect(footer).toHaveCount(0);
          }
          await page.screenshot({ path: `${shots}${vp.name}-${slug(route.path)}.png`, fullPage: true });
          const violations = await seriousViolations(page);
          expect(violations, describeViolations(violations)).toEqual([]);
        });
      }
    });

    test('should scan the visitor pages and the sign-in modal with axe', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      for (const path of ['/terms', '/changelog', '/no-such-page', '/']) {
        await page.goto(`${baseUrl()}${path}`);
        await expect(page.getByTestId('view-title')).not.toBeEmpty();
        if (path === '/') await expect(page.getByRole('dialog')).toBeVisible();
        const violations = await seriousViolations(page);
        expect(violations, `${path}\n${describeViolations(violations)}`).toEqual([]);
        await page.screenshot({ path: `${shots}${vp.name}-visitor-${slug(path)}.png` });
      }
    });

    // Its own test (it was one with the visitor pages: near the 60 s timeout on a slow machine).
    test('should scan the subscribe modal and the help panel with axe when signed in', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await signInNewUser(page);
      await page.goto(`${baseUrl()}/ui-test`);
      await pageReady(page);
      await page.getByRole('button', { name: 'Open subscribe modal' }).click();
      const subscribe = page.getByRole('dialog', { name: 'Go Pro' });
      await expect(subscribe).toContainText('$19.99');
      await expect(subscribe.locator('s')).toHaveText('$49.99');
      let violations = await seriousViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await page.screenshot({ path: `${shots}${vp.name}-subscribe-modal.png` });
      // Subscribe Now starts the Pro checkout itself (billing.spec.ts follows it into the sandbox);
      // this run's server has payments off, so the modal closes and a toast says why.
      await subscribe.getByRole('button', { name: 'Subscribe Now' }).click();
      await expect(page.getByRole('alert')).toContainText('Payments are turned off on this server.');
      await expect(page).toHaveURL(`${baseUrl()}/ui-test`);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.getByTestId('help-button').click();
      await expect(page.getByTestId('help-flyout')).toContainText('Welcome to Neura help');
      violations = await seriousViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await page.screenshot({ path: `${shots}${vp.name}-help.png` });
    });

    test('should run the header left button on each kind of page', async ({ page }) => {
      await signInNewUser(page);
      for (const path of ['/', '/chats', '/create', '/settings']) {
        await page.goto(`${baseUrl()}${path}`);
        await pageReady(page);
        await page.getByTestId('header-left').click();
        const modal = page.getByRole('dialog', { name: 'New Chat' });
        await expect(modal).toBeVisible();
        await expect(page).toHaveURL(`${baseUrl()}${path}`);
        await page.keyboard.press('Escape');
        await expect(modal).toHaveCount(0);
      }
      await page.goto(`${baseUrl()}/chats/e2e-chat`);
      await page.getByTestId('header-left').click();
      await expect(page).toHaveURL(`${baseUrl()}/chats`);

      await page.goto(`${baseUrl()}/settings`);
      await pageReady(page);
      await page.getByRole('link', { name: 'Change Password' }).click();
      await expect(page).toHaveURL(`${baseUrl()}/settings/password`);
      await expect(page.getByTestId('view-title')).toHaveText('Change Password');
      await expect(page.locator('main .view')).toHaveClass(/view-slide-next/);
      await page.getByTestId('header-left').click();
      await expect(page).toHaveURL(`${baseUrl()}/settings`);
      await expect(page.locator('main .view')).toHaveClass(/view-slide-prev/);

      await page.getByTestId('credits-badge').click();
      await expect(page).toHaveURL(`${baseUrl()}/settings/credits`);
      await expect(page.locator('main .view')).toHaveClass(/view-slide-next/);
      await expect(page.getByTestId('view-title')).toHaveText('Buy Credits');
    });

    test('should open help, navigate, go back, and store feedback in the database', async ({ page }) => {
      const user = await signInNewUser(page);
      await page.goto(`${baseUrl()}/settings`);
      await pageReady(page);
      await page.getByTestId('help-button').click();
      const help = page.getByTestId('help-flyout');
      await expect(help.getByRole('heading', { name: 'Welcome to Neura help' })).toBeVisible();
      await expect(help.getByText('Was this helpful?')).toHaveCount(0);
      await expect(help.getByRole('button', { name: 'Back' })).toBeDisabled();

      await help.getByRole('link', { name: 'Chats' }).first().click();
      await expect(help.getByRole('heading', { level: 1, name: 'Chats' })).toBeVisible();
      await help.getByRole('button', { name: 'Yes' }).click();
      await expect(help.getByText('Thanks for your feedback!')).toBeVisible();

      await help.getByRole('link', { name: 'FAQ' }).click();
      await expect(help.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
      await expect(help.getByText('Was this helpful?')).toBeVisible();
      await help.getByRole('button', { name: 'No' }).click();
      await expect(
        help.getByText("Sorry to hear this article wasn't helpful. How can we make it better?"),
      ).toBeVisible();
      const note = `Please explain credit packs (${user.id}).`;
      await help.getByPlaceholder('What can we do to improve?').fill(note);
      await help.getByRole('button', { name: 'Send Feedback' }).click();
      await expect(help.getByText('Thanks for your feedback!')).toBeVisible();

      await help.getByRole('button', { name: 'Back' }).click();
      await expect(help.getByRole('heading', { level: 1, name: 'Chats' })).toBeVisible();
      // The form was reset for the document shown again.
      await expect(help.getByText('Was this helpful?')).toBeVisible();
      await help.getByRole('button', { name: 'Back' }).click();
      await expect(help.getByRole('heading', { name: 'Welcome to Neura help' })).toBeVisible();
      await help.getByRole('button', { name: 'Close help' }).click();
      await expect(help).toHaveCount(0);

      const rows = await withSeed(({ db }) =>
        db
          .selectFrom('feedback')
          .select(['about', 'message'])
          .where('user_id', '=', user.id)
          .orderBy('created_at')
          .orderBy('id')
          .execute(),
      );
      expect(rows).toEqual([
        { about: 'helpDocs.DocChats', message: null },
        { about: 'helpDocs.DocFaq', message: note },
      ]);
    });

    test('should keep the theme and blackout choices across a reload', async ({ page }) => {
      await signInNewUser(page);
      await page.goto(`${baseUrl()}/settings`);
      await pageReady(page);
      const html = page.locator('html');
      await expect(html).toHaveClass(/\bdark\b/);
      await page.getByTestId('toggle-blackout').check();
      await expect(html).toHaveClass(/\bblackout\b/);
      await page.reload();
      await pageReady(page);
      await expect(html).toHaveClass(/\bblackout\b/);
      await expect(page.getByTestId('toggle-blackout')).toBeChecked();

      await page.getByTestId('toggle-light').check();
      await expect(html).toHaveClass(/\blight\b/);
      await expect(html).not.toHaveClass(/\bblackout\b/);
      const violations = await seriousViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await page.reload();
      await pageReady(page);
      await expect(html).toHaveClass(/\blight\b/);
      expect(await persisted(page)).toMatchObject({ theme: 'light', blackout: true });
      await page.screenshot({ path: `${shots}${vp.name}-settings-light.png`, fullPage: true });
      await page.getByTestId('toggle-light').uncheck();
      await expect(html).toHaveClass(/\bblackout\b/);
    });

    test('should show the account summary and log out to /', async ({ page }) => {
      const user = await createSignedInUser({ credits: 13 });
      await signIn(page.context(), user.token);
      await page.goto(`${baseUrl()}/settings`);
      await expect(page.getByTestId('account-email')).toHaveText(user.email);
      await expect(page.getByTestId('account-name')).toHaveText('Ada Lovelace');
      await expect(page.getByTestId('account-credits')).toHaveText('13');
      await expect(page.getByTestId('account-referral')).toHaveText(user.referralCode);
      await expect(page.getByTestId('account-plan')).toHaveText('Free');
      await page.locator('#main').getByRole('button', { name: 'Log out' }).click();
      await expect(page).toHaveURL(`${baseUrl()}/`);
      expect((await persisted(page)).token).toBeNull();
      const sessions = await withSeed(({ db }) =>
        db.selectFrom('sessions').select('revoked_at').where('user_id', '=', user.id).execute(),
      );
      expect(sessions).toHaveLength(1);
      expect(sessions[0]?.revoked_at).not.toBeNull();
    });

    test('should show the offline notice when the API is down', async ({ page }) => {
      await page.route('**/api/**', (route) => route.abort('connectionrefused'));
      await page.goto(`${baseUrl()}/changelog`);
      const notice = page.getByRole('alertdialog');
      await expect(notice).toContainText('server is offline or under maintenance');
      await page.keyboard.press('Escape');
      await expect(notice).toBeVisible();
    });
  });
}

test.describe('light theme and blackout', () => {
  for (const prefs of [
    { name: 'light', theme: 'light', blackout: false },
    { name: 'blackout', theme: 'dark', blackout: true },
  ] as const) {
    test(`should keep every page legible in ${prefs.name} (no serious axe violations)`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await signInNewUser(page);
      await page.goto(`${baseUrl()}/terms`);
      await page.evaluate((p) => {
        const key = 'neura:persisted';
        const current = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
        localStorage.setItem(key, JSON.stringify({ ...current, theme: p.theme, blackout: p.blackout }));
      }, prefs);
      // The choice as a new load reads it, then the app's own navigation (axe stays in the document).
      await page.reload();
      for (const path of [
        '/settings',
        '/settings/password',
        '/settings/delete',
        '/create',
        '/terms',
        '/ui-test',
        '/nope',
      ]) {
        await navigateInApp(page, path);
        await pageReady(page);
        await expect(page.locator('html')).toHaveClass(prefs.theme === 'light' ? /\blight\b/ : /\bblackout\b/);
        const violations = await seriousViolations(page);
        expect(violations, `${path}\n${describeViolations(violations)}`).toEqual([]);
        await page.screenshot({ path: `${shots}${prefs.name}-${slug(path)}.png` });
      }
      await page.getByTestId('help-button').click();
      await page.getByTestId('help-flyout').getByRole('link', { name: 'Chats' }).first().click();
      await expect(page.getByText('Was this helpful?')).toBeVisible();
      const violations = await seriousViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
    });
  }
});

test.describe('installed app (service worker)', () => {
  test.use({ serviceWorkers: 'allow' });
  test('should serve the manifest and icons', async ({ request }) => {
    const manifest = await (await request.get(`${baseUrl()}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ name: 'Neura', display: 'standalone', start_url: '/' });
    const sizes = (manifest.icons as Array<{ sizes: string; purpose: string }>).map((i) => `${i.sizes} ${i.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons as Array<{ src: string }>) {
      expect((await request.get(`${baseUrl()}${icon.src}`)).status()).toBe(200);
    }
    const sw = await request.get(`${baseUrl()}/sw.js`);
    expect(sw.headers()['cache-control']).toBe('no-cache');
  });

  test('should register the worker only after the first screen has loaded, then control the page', async ({ page }) => {
    // Its first install downloads every file of the app: it waits (REGISTER_DELAY_MS after the load
    // event) so that it does not compete with the first route.
    await page.goto(`${baseUrl()}/terms`);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) === undefined)).toBe(true);
    await expect(page.getByTestId('view-title')).toHaveText('Terms of Use');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/');
  });

  test('should reload offline into the app and its offline notice, never caching the API', async ({
    page,
    context,
  }) => {
    await page.goto(`${baseUrl()}/terms`);
    await expect(page.getByTestId('view-title')).toHaveText('Terms of Use');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
      }
    });
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const key of await caches.keys()) {
        const cache = await caches.open(key);
        for (const req of await cache.keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    // A Playwright context is incognito-like, which Chromium never installs; nothing else may be wrong.
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
    expect(cached.some((u) => u.startsWith('/api') || u.startsWith('/socket.io'))).toBe(false);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('view-title')).toHaveText('Terms of Use');
    await expect(page.getByRole('alertdialog')).toContainText('server is offline or under maintenance');
    await page.screenshot({ path: `${shots}offline-reload.png` });
    await context.setOffline(false);
  });
});

test.describe('new version', () => {
  test.use({ serviceWorkers: 'allow' });
  test('should offer to reload when a new service worker is waiting, and switch to it', async ({ page }) => {
    await page.goto(`${baseUrl()}/terms`);
    await expect(page.getByTestId('view-title')).toHaveText('Terms of Use');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
      }
    });
    // "Deploy" a new version: the built worker with a different version string, put where the
    // server serves it (the browser fetches worker scripts itself, so page routing cannot stand in).
    const swFile = fileURLToPath(new URL('../../web/dist/sw.js', import.meta.url));
    const original = fs.readFileSync(swFile, 'utf8');
    try {
      fs.writeFileSync(swFile, original.replace(/const VERSION = '([^']+)'/, "const VERSION = '$1-next'"));
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
    } finally {
      fs.writeFileSync(swFile, original);
    }
    const prompt = page.getByRole('status').filter({ hasText: 'Update available' });
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('A new version of Neura is ready.');
    await page.screenshot({ path: `${shots}update-prompt.png` });
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await expect(page.getByTestId('view-title')).toHaveText('Terms of Use');
    await expect.poll(async () => page.evaluate(async () => (await window.caches.keys()).join(','))).toMatch(/-next$/);
  });
});
