import { expect, type Page, test } from '@playwright/test';
import { createInvites, createVerifiedUser, newEmail } from '../support/accounts.js';
import { baseUrl, mailbox } from '../support/app.js';

const dialog = (page: Page) => page.getByRole('dialog');

/** From a fresh browser on /: past the intro to the email page, then Continue with the address. */
async function enterEmail(page: Page, email: string) {
  await page.goto(`${baseUrl()}/`);
  await dialog(page).getByRole('button', { name: 'Skip Intro' }).click();
  await dialog(page).getByLabel('Email').fill(email);
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
}

async function typeCode(page: Page, code: string) {
  for (const [i, digit] of [...code].entries()) {
    await dialog(page)
      .getByLabel(`Digit ${i + 1} of 4`)
      .fill(digit);
  }
}

async function expectSignedIn(page: Page, email: string) {
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByTestId('credits-badge')).toHaveText('20');
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('neura:persisted') ?? '{}').token);
  expect(token).toBeTruthy();
  const me = await page.request.get(`${baseUrl()}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } });
  expect((await me.json()).email).toBe(email);
}

test.describe('accounts', () => {
  test('should sign up with an invite code, verify the emailed code and land signed in', async ({ page }) => {
    const [invite] = createInvites(1);
    const email = newEmail('signup');
    const since = new Date().toISOString();
    await enterEmail(page, email);

    await expect(dialog(page).getByRole('button', { name: 'Join the waitlist' })).toBeVisible();
    await dialog(page).getByRole('button', { name: 'I have an invite code' }).click();
    await dialog(page).getByLabel('Invite code').fill('AAAA-BBBB-CCCC-DDDD-EEEE');
    await dialog(page).getByRole('button', { name: 'Continue' }).click();
    await expect(dialog(page).getByRole('alert')).toHaveText('There seems to be a problem with your invite code.');
    await dialog(page)
      .getByLabel('Invite code')
      .fill((invite as string).toLowerCase());
    await dialog(page).getByRole('button', { name: 'Continue' }).click();

    await dialog(page).getByLabel('First name').fill('Ada');
    await dialog(page).getByLabel('Last name').fill('Lovelace');
    await dialog(page).getByLabel('Password', { exact: true }).fill('a quiet river flows');
    await dialog(page).getByLabel('Confirm password').fill('a quiet river flows');
    await dialog(page).getByRole('button', { name: 'Create Account' }).click();

    await expect(dialog(page).getByTestId('verify-email')).toHaveText(email);
    await expect(dialog(page).getByText(/spam/)).toBeVisible();
    const code = await mailbox().waitForCode(email, /verification code/, { since });
    await typeCode(page, code); // auto-submits on the 4th digit
    await expectSignedIn(page, email);
  });

  test('should log out and log back in', async ({ page }) => {
    const user = await createVerifiedUser(newEmail('relogin'));
    await enterEmail(page, user.email);
    await dialog(page).getByLabel('Password').fill('not my password');
    await dialog(page).getByRole('button', { name: 'Login' }).click();
    await expect(dialog(page).getByRole('alert')).toHaveText('The email address or password is incorrect.');
    await dialog(page).getByLabel('Password').fill(user.password);
    await dialog(page).getByRole('button', { name: 'Login' }).click();
    await expectSignedIn(page, user.email);

    await page.goto(`${baseUrl()}/terms`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(`${baseUrl()}/`);
    await expect(dialog(page)).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('neura:persisted') ?? '{}').token)).toBeNull();

    await dialog(page).getByLabel('Email').fill(user.email);
    await dialog(page).getByRole('button', { name: 'Continue' }).click();
    await dialog(page).getByLabel('Password').fill(user.password);
    await dialog(page).getByRole('button', { name: 'Login' }).click();
    await expectSignedIn(page, user.email);
  });

  test('should reset a forgotten password and sign in with the new one', async ({ page }) => {
    const user = await createVerifiedUser(newEmail('reset'));
    await enterEmail(page, user.email);
    const since = new Date().toISOString();
    await dialog(page).getByRole('button', { name: 'Forgot your password?' }).click();
    const code = await mailbox().waitForCode(user.email, /reset/, { since });
    await typeCode(page, code);
    await dialog(page).getByLabel('New password').fill('a brand new passphrase');
    await dialog(page).getByLabel('Confirm password').fill('a brand new passphrase');
    await dialog(page).getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Your password was reset')).toBeVisible();
    await expectSignedIn(page, user.email);

    const old = await page.request.post(`${baseUrl()}/api/users/login`, {
      data: { email: user.email, password: user.password },
    });
    expect(old.status()).toBe(401);
    const fresh = await page.request.post(`${baseUrl()}/api/users/login`, {
      data: { email: user.email, password: 'a brand new passphrase' },
    });
    expect(fresh.status()).toBe(200);
  });
});
