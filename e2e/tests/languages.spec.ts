import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { appTexts as appEn } from '../../web/src/texts/app-texts.js';
import { main as ar } from '../../web/src/texts/locales/ar/main.js';
import { main as de } from '../../web/src/texts/locales/de/main.js';
import { main as fr } from '../../web/src/texts/locales/fr/main.js';
import { main as ja } from '../../web/src/texts/locales/ja/main.js';
import { createVerifiedUser, newEmail } from '../support/accounts.js';
import { baseUrl, mailbox } from '../support/app.js';
import { navigateInApp } from '../support/navigate.js';
import { createSignedInUser, signIn } from '../support/session.js';

/** Languages (issue #43): the first screen in the browser's language, right to left, the choice, mails. */
const SIZES = { mobile: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
const SHOTS = path.join(import.meta.dirname, '..', 'artifacts', 'languages');

const dialog = (page: Page) => page.getByRole('dialog');

async function browserIn(browser: Browser, locale: string, size: keyof typeof SIZES = 'mobile') {
  const context = await browser.newContext({ locale, viewport: SIZES[size] });
  return { context, page: await context.newPage() };
}

test.describe('languages', () => {
  test('a German browser sees German from the first screen', async ({ browser }) => {
    const { context, page } = await browserIn(browser, 'de-DE');
    await page.goto(`${baseUrl()}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(dialog(page).getByRole('button', { name: de.texts.auth.skipIntro })).toBeVisible();
    await dialog(page).getByRole('button', { name: de.texts.auth.skipIntro }).click();
    await expect(dialog(page).getByLabel(de.texts.auth.email)).toBeVisible();
    await context.close();
  });

  test('an Arabic browser gets the interface right to left', async ({ browser }) => {
    const { context, page } = await browserIn(browser, 'ar-EG');
    await page.goto(`${baseUrl()}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(dialog(page).getByRole('button', { name: ar.texts.auth.skipIntro })).toBeVisible();
    await context.close();
  });

  test('an unsupported language gets en-US', async ({ browser }) => {
    const { context, page } = await browserIn(browser, 'ko-KR');
    await page.goto(`${baseUrl()}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(dialog(page).getByRole('button', { name: appEn.auth.skipIntro })).toBeVisible();
    await context.close();
  });

  test("a signed-in user's language follows them to another device", async ({ browser }) => {
    const user = await createSignedInUser();
    const first = await browserIn(browser, 'en-US', 'desktop');
    await signIn(first.context, user.token);
    await first.page.goto(`${baseUrl()}/settings`);
    await first.page.getByTestId('language-select').selectOption('ja');
    await expect(first.page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(first.page.getByRole('heading', { name: ja.texts.settings.account })).toBeVisible();

    const second = await browserIn(browser, 'de-DE', 'mobile');
    await signIn(second.context, user.token);
    await second.page.goto(`${baseUrl()}/settings`);
    await expect(second.page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(second.page.getByTestId('language-select')).toHaveValue('ja');
    await first.context.close();
    await second.context.close();
  });

  test("a French user's reset mail is French", async ({ browser }) => {
    const user = await createVerifiedUser(newEmail('fr-reset'));
    const { context, page } = await browserIn(browser, 'fr-FR');
    const since = new Date().toISOString();
    await page.goto(`${baseUrl()}/`);
    await dialog(page).getByRole('button', { name: fr.texts.auth.skipIntro }).click();
    await dialog(page).getByLabel(fr.texts.auth.email).fill(user.email);
    await dialog(page).getByRole('button', { name: fr.texts.auth.continue }).click();
    await dialog(page).getByRole('button', { name: fr.texts.auth.forgotPassword }).click();
    const mail = await mailbox().waitForMail(user.email, /réinitialisation/, { since });
    expect(mail.text).toContain('Quelqu’un a demandé à réinitialiser le mot de passe');
    await context.close();
  });

  for (const [locale, browserLocale] of [
    ['de', 'de-DE'],
    ['ja', 'ja-JP'],
    ['ar', 'ar-EG'],
  ] as const) {
    for (const size of ['mobile', 'desktop'] as const) {
      test(`screenshots in ${locale} (${size})`, async ({ browser }) => {
        const user = await createSignedInUser();
        const { context, page } = await browserIn(browser, browserLocale, size);
        await page.goto(`${baseUrl()}/`);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await page.screenshot({ path: path.join(SHOTS, `${locale}-${size}-welcome.png`) });
        await signIn(context, user.token);
        // Signed in from a new load, then the app's own navigation to each page.
        await page.goto(`${baseUrl()}/`);
        await page.waitForLoadState('networkidle');
        for (const [name, route] of [
          ['explore', '/'],
          ['settings', '/settings'],
          ['credits', '/settings/credits'],
        ] as const) {
          await navigateInApp(page, route);
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
          await expect(page.getByTestId('view-title')).not.toBeEmpty();
          await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
          await page.screenshot({ path: path.join(SHOTS, `${locale}-${size}-${name}.png`) });
        }
        await context.close();
      });
    }
  }
});
