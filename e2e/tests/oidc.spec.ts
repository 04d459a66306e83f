import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { type LocalOidcProvider, startOidcProvider } from '@neura/test-kit/fakes/oidc-provider';
import { freePort, repoRoot, type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { totpCode } from '../support/totp.js';

/**
 * Sign-in with an OpenID provider (issue #47) in Chromium against a real local provider
 * (oidc-provider on loopback, its own login and consent pages): a new identity is asked for an
 * invite before any account exists, then signs in; the same identity, now linked, signs straight
 * in. Both sizes; screenshots in e2e/artifacts/screenshots/oidc/.
 */
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
const SHOTS = path.join('artifacts', 'screenshots', 'oidc');

let idp: LocalOidcProvider;
let app: ServerProcess;

test.beforeAll(async () => {
  idp = await startOidcProvider();
  const port = await freePort();
  idp.allowRedirects([`http://127.0.0.1:${port}/api/auth/oidc/local/callback`]);
  app = await startServerProcess({
    env: {
      PORT: String(port),
      OIDC_PROVIDERS: JSON.stringify([idp.entry('local', 'Local ID')]),
      OUTBOUND_ALLOW: idp.hostPort,
    },
  });
});
test.afterAll(async () => {
  await app?.stop();
  await idp?.stop();
});

function createInvite(): string {
  const out = execFileSync(
    process.execPath,
    [path.join(repoRoot, 'server/dist/admin.js'), 'invites', 'create', '--count', '1'],
    { cwd: repoRoot, env: { ...process.env, DATA_DIR: app.dataDir }, encoding: 'utf8' },
  );
  return out.match(/[A-Z0-9]{4}(?:-[A-Z0-9]{4}){4}/)?.[0] ?? '';
}

/** From a fresh browser: the auth modal's "Continue with Local ID", then the provider's own pages. */
async function signInWithProvider(browser: Browser, size: (typeof SIZES)[number], login: string, shots = false) {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
  const page = await context.newPage();
  await page.goto(`${app.url}/`);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Skip Intro' }).click();
  const button = dialog.getByRole('button', { name: 'Continue with Local ID' });
  await expect(button).toBeVisible();
  if (shots) await page.screenshot({ path: path.join(SHOTS, `modal-${size.name}.png`), animations: 'disabled' });
  await button.click();
  // The provider's login page (any password), then its consent page.
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  return page;
}

async function expectSignedIn(page: Page, email: string) {
  await expect(page).toHaveURL(`${app.url}/`);
  await expect(page.getByTestId('credits-badge')).toHaveText('20');
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('neura:persisted') ?? '{}').token);
  const me = await page.request.get(`${app.url}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } });
  expect((await me.json()).email).toBe(email);
}

for (const size of SIZES) {
  test(`should ask a new identity for an invite, then sign the linked identity straight in (${size.name})`, async ({
    browser,
  }) => {
    const login = `newbie-${size.name}`;
    const email = `${login}@example.test`;
    const page = await signInWithProvider(browser, size, login, true);

    // Back on Neura: no account yet, the invite step.
    const card = page.getByTestId('oidc-page');
    await expect(card.getByRole('heading', { name: 'One more step' })).toBeVisible();
    await expect(card).toContainText(email);
    expect(page.url()).not.toContain('ticket=');
    await page.screenshot({ path: path.join(SHOTS, `invite-${size.name}.png`), animations: 'disabled' });
    const noAccount = await page.request.get(`${app.url}/api/users/${encodeURIComponent(email)}/exists`);
    expect((await noAccount.json()).userExists).toBe(false);

    await card.getByLabel('Invite code').fill('AAAA-BBBB-CCCC-DDDD-EEEE');
    await card.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByTestId('oidc-alert')).toContainText('invite code');
    await card.getByLabel('Invite code').fill(createInvite());
    await card.getByRole('button', { name: 'Create account' }).click();
    await expectSignedIn(page, email);
    await page.context().close();

    // Linked now: the same identity signs straight in, no invite asked.
    const again = await signInWithProvider(browser, size, login);
    await expectSignedIn(again, email);
    await again.screenshot({ path: path.join(SHOTS, `signed-in-${size.name}.png`), animations: 'disabled' });
    await again.context().close();
  });
}

test('should land on a clear page when the sign-in expired or was replayed', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${app.url}/api/auth/oidc/local/callback?state=used-or-unknown&code=x`);
  await expect(page).toHaveURL(/\/auth\/oidc\?error=expired$/);
  await expect(page.getByTestId('oidc-error')).toHaveText(
    'This sign-in has expired or was already used. Please start again.',
  );
  await page.screenshot({ path: path.join(SHOTS, 'error-phone.png'), animations: 'disabled' });
  await page.getByRole('button', { name: 'Back to sign-in' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await context.close();
});

test('should ask the second factor after a provider sign-in, and list the identity with a refused last unlink', async ({
  browser,
}) => {
  // One account through both sizes: sign-up, 2FA on, then a provider sign-in with its code step at each.
  test.setTimeout(180_000);
  const login = 'guarded';
  const first = await signInWithProvider(browser, SIZES[0], login);
  const card = first.getByTestId('oidc-page');
  await card.getByLabel('Invite code').fill(createInvite());
  await card.getByRole('button', { name: 'Create account' }).click();
  await expectSignedIn(first, `${login}@example.test`);
  const token = await first.evaluate(() => JSON.parse(localStorage.getItem('neura:persisted') ?? '{}').token);
  const headers = { Authorization: `Bearer ${token}` };
  const setup = await (await first.request.post(`${app.url}/api/users/me/2fa/setup`, { headers })).json();
  const on = await first.request.post(`${app.url}/api/users/me/2fa/enable`, {
    headers,
    data: { code: totpCode(setup.secret) },
  });
  expect(on.status()).toBe(200);
  const { backupCodes } = (await on.json()) as { backupCodes: string[] };

  // The account without a password: its only way in is this identity, which cannot be unlinked.
  await first.goto(`${app.url}/settings/security`);
  const row = first.getByTestId('identity-row');
  await expect(row).toContainText('Local ID');
  await expect(row).toContainText(`${login}@example.test`);
  await row.getByRole('button', { name: 'Unlink' }).click();
  await first.getByRole('alertdialog').getByRole('button', { name: 'Unlink' }).click();
  await expect(first.getByText('This is your only way to sign in.', { exact: false })).toBeVisible();
  await expect(row).toHaveCount(1);
  for (const size of SIZES) {
    await first.setViewportSize({ width: size.width, height: size.height });
    await first.screenshot({
      path: path.join(SHOTS, `linked-${size.name}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  await first.context().close();

  for (const size of SIZES) {
    const page = await signInWithProvider(browser, size, login);
    const step = page.getByTestId('oidc-page');
    await expect(step.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('neura:persisted') ?? '{}').token ?? null);
    expect(stored).toBeNull();
    await page.screenshot({ path: path.join(SHOTS, `two-factor-${size.name}.png`), animations: 'disabled' });
    await step.getByLabel('Code').fill('000000');
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('oidc-alert')).toHaveText('That code is not correct. Please check it and try again.');
    // A step's code is taken once: the phone uses the next step's code, the desktop a backup code.
    await step.getByLabel('Code').fill(size.name === 'phone' ? totpCode(setup.secret, 1) : (backupCodes[0] as string));
    await step.getByRole('button', { name: 'Verify' }).click();
    await expectSignedIn(page, `${login}@example.test`);
    await page.context().close();
  }
});
