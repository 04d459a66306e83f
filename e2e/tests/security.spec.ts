import path from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { createVerifiedUser, newEmail } from '../support/accounts.js';
import { baseUrl } from '../support/app.js';
import { signIn, withSeed } from '../support/session.js';
import { totpCode } from '../support/totp.js';

/**
 * Sign-in (issue #47) in Chromium: a passkey made and used with Chromium's virtual authenticator
 * (CDP WebAuthn, ctap2 internal, resident key, user verification), two-step verification with a
 * code and with backup codes (each good once), and a device signed out from another one, its socket
 * dropped. The page runs on `localhost` (an IP address cannot be a WebAuthn relying party).
 * Screenshots of /settings/security go to e2e/artifacts/screenshots/security/.
 */
const SHOTS = path.join('artifacts', 'screenshots', 'security');
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;

const origin = () => baseUrl().replace('127.0.0.1', 'localhost');
const dialog = (page: Page) => page.getByRole('dialog');

async function withAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function tokenOf(page: Page): Promise<string | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('neura:persisted') ?? '{}').token ?? null);
}

async function expectSignedInAs(page: Page, email: string) {
  await expect(dialog(page)).toBeHidden();
  await expect.poll(() => tokenOf(page)).toBeTruthy();
  const me = await page.request.get(`${origin()}/api/users/me`, {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect((await me.json()).email).toBe(email);
}

async function logOut(page: Page) {
  await page.goto(`${origin()}/terms`);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(dialog(page)).toBeVisible();
}

/** From the auth modal after a logout: email, password; answers on the page that follows. */
async function passwordStep(page: Page, user: { email: string; password: string }) {
  await dialog(page).getByLabel('Email').fill(user.email);
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  await dialog(page).getByLabel('Password').fill(user.password);
  await dialog(page).getByRole('button', { name: 'Login' }).click();
  await expect(dialog(page).getByText('Enter the 6-digit code')).toBeVisible();
}

async function enterCode(page: Page, code: string) {
  await dialog(page).getByLabel('Code').fill(code);
  await dialog(page).getByRole('button', { name: 'Verify' }).click();
}

test.describe('sign-in and security', () => {
  test('should add a passkey in settings, sign out, and sign in with it without an email', async ({ browser }) => {
    const user = await createVerifiedUser(newEmail('passkey'));
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await withAuthenticator(context, page);
    await signIn(context, user.token);
    await page.goto(`${origin()}/settings/security`);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByText('Passkey added.')).toBeVisible();
    await expect(page.getByTestId('passkey-row')).toHaveCount(1);

    await logOut(page);
    await dialog(page).getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expectSignedInAs(page, user.email);
    await page.goto(`${origin()}/settings/security`);
    await expect(page.getByTestId('passkey-row')).toContainText('last used');
    await context.close();
  });

  test('should turn on two-step verification and sign in with a code and with a backup code, once', async ({
    browser,
  }) => {
    const user = await createVerifiedUser(newEmail('twostep'));
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signIn(context, user.token);
    await page.goto(`${origin()}/settings/security`);
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect(page.getByTestId('totp-qr')).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    await page.getByLabel('Code from the app').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
    await expect(page.getByTestId('backup-codes').locator('li')).toHaveCount(10);
    const codes = await page.getByTestId('backup-codes').locator('li').allTextContents();
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.screenshot({ path: path.join(SHOTS, `backup-codes-${size.name}.png`), fullPage: true });
    }
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByTestId('two-factor-state')).toHaveText('On · 10 backup codes left');
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.screenshot({ path: path.join(SHOTS, `security-${size.name}.png`), fullPage: true });
    }

    await logOut(page);
    await passwordStep(page, user);
    // The enabling step's code was taken: the next step's, as the app shows it a moment later.
    await enterCode(page, totpCode(secret, 1));
    await expectSignedInAs(page, user.email);

    const backup = codes[0] as string;
    await logOut(page);
    await passwordStep(page, user);
    await enterCode(page, backup);
    await expectSignedInAs(page, user.email);

    await logOut(page);
    await passwordStep(page, user);
    await enterCode(page, backup);
    await expect(dialog(page).getByRole('alert')).toHaveText(
      'That code is not correct. Please check it and try again.',
    );
    await enterCode(page, codes[1] as string);
    await expectSignedInAs(page, user.email);
    await context.close();
  });

  test('should sign out another device and drop its socket at once', async ({ browser }) => {
    const user = await createVerifiedUser(newEmail('devices'));
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phonePage = await phone.newPage();
    const other = await phonePage.request.post(`${origin()}/api/users/login`, {
      data: { email: user.email, password: user.password },
      headers: { 'User-Agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile Safari/537.36' },
    });
    await signIn(phone, (await other.json()).token);
    await phonePage.goto(`${origin()}/chats`);
    await expect(dialog(phonePage)).toBeHidden();
    await expect(phonePage.getByTestId('credits-badge')).toBeVisible();

    const laptop = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await laptop.newPage();
    await signIn(laptop, user.token);
    await page.goto(`${origin()}/settings/security`);
    const row = page.getByTestId('device-row').filter({ hasText: 'Chrome on Android' });
    await expect(row).toHaveCount(1);
    // Where it is: browser on system · the address it signed in from.
    await expect(row.getByTestId('device-place')).toHaveText(/^Chrome on Android · \S+/);
    await page.screenshot({ path: path.join(SHOTS, 'devices-desktop.png'), fullPage: true });
    await expect(page.getByTestId('device-row').filter({ hasText: 'This device' })).toHaveCount(1);
    await row.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('Signed out.')).toBeVisible();
    // The phone's socket got authError and was closed: the app signs out and shows the auth modal.
    await expect(dialog(phonePage)).toBeVisible();
    await expect.poll(() => tokenOf(phonePage)).toBeNull();
    await expect(row).toHaveCount(0);
    await phone.close();
    await laptop.close();
  });

  test('should ask an older session to confirm it is you, take a passkey for it, then remove the passkey', async ({
    browser,
  }) => {
    const user = await createVerifiedUser(newEmail('reauth'));
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await withAuthenticator(context, page);
    await signIn(context, user.token);
    await page.goto(`${origin()}/settings/security`);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByTestId('passkey-row')).toHaveCount(1);
    await expect(page.getByTestId('device-address').first()).toHaveText(/^\S+$/);
    // Signed in 20 minutes ago (REAUTH_MINUTES is 10): removing a passkey needs a fresh proof.
    const old = new Date(Date.now() - 20 * 60_000).toISOString();
    await withSeed(async ({ db, users }) => {
      const id = (await users.findByEmail(user.email))?.id as string;
      await db.updateTable('sessions').set({ created_at: old }).where('user_id', '=', id).execute();
    });

    await page.getByTestId('passkey-row').getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByTestId('reauth-dialog');
    await expect(confirm.getByRole('heading', { name: 'Confirm it’s you' })).toBeVisible();
    await expect(page.getByTestId('passkey-row')).toHaveCount(1);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.screenshot({ path: path.join(SHOTS, `reauth-${size.name}.png`), animations: 'disabled' });
    }
    await confirm.getByLabel('Password').fill('not the password');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(confirm.getByRole('alert')).toBeVisible();
    await confirm.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page.getByText('Passkey removed.')).toBeVisible();
    await expect(page.getByTestId('passkey-row')).toHaveCount(0);
    await expect(confirm).toBeHidden();
    await context.close();
  });
});
