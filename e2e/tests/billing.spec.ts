import path from 'node:path';
import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { repoRoot, type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { expect, type Page, test } from '@playwright/test';
import { describeViolations, seriousViolations } from '../support/axe.js';
import { createSignedInUser, signIn } from '../support/session.js';

/**
 * Billing in the sandbox (no payment keys): a second app with PAYMENTS=sandbox and a fake model,
 * users seeded through the kit into its database. Screenshots of each billing page at phone and desktop
 * sizes go to e2e/artifacts/screenshots/.
 */
let app: ServerProcess;
let fake: FakeOpenAI;

const SHOTS = path.join(repoRoot, 'e2e/artifacts/screenshots');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function seedUser(credits: number): Promise<string> {
  const user = await createSignedInUser({ firstName: 'Grace', lastName: 'Hopper', credits }, app.dataDir);
  return user.token;
}

async function signedIn(page: Page, token: string): Promise<void> {
  await signIn(page.context(), token);
}

/** The page as it is now, at phone and desktop sizes (ends at the desktop size), scanned with axe. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of [
    ['390x844', PHONE],
    ['1440x900', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size}.png`), fullPage: true, animations: 'disabled' });
  }
  const violations = await seriousViolations(page);
  expect(violations, `${name}\n${describeViolations(violations)}`).toEqual([]);
}

test.beforeAll(async () => {
  fake = await startFakeOpenAI({ chunks: ['Here is', ' your', ' startup', ' plan.'], delayMs: 20 });
  fake.setTitle('Startup Plan');
  app = await startServerProcess({
    env: { PAYMENTS: 'sandbox', LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-e2e' },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

test.use({ viewport: DESKTOP });

test('should let a user with no credits buy a pack and see the balance change on both open tabs', async ({
  page,
  context,
}) => {
  test.slow(); // eight full-page screenshots besides the journey
  const token = await seedUser(0);
  await signedIn(page, token);
  await page.goto(`${app.url}/`);
  await expect(page.getByTestId('banner-no-credits')).toContainText('No Credits');
  await expect(page.getByTestId('credits-badge')).toHaveText('0');

  const other = await context.newPage();
  await other.goto(`${app.url}/chats`);
  await expect(other.getByTestId('credits-badge')).toHaveText('0');

  await page.getByTestId('banner-no-credits').getByRole('link', { name: 'Buy Credits' }).click();
  await expect(page).toHaveURL(`${app.url}/settings/credits`);
  await expect(page.getByTestId('view-title')).toHaveText('Buy Credits');
  await expect(page.getByTestId('credit-pack')).toHaveCount(3);
  await expect(page.getByText('No purchases yet.')).toBeVisible();
  await shoot(page, 'buy-credits');

  await page.locator('[data-pack-id="starter"]').getByRole('button').click();
  await expect(page.getByTestId('sandbox-label')).toHaveText('Test payment — no money moves');
  await expect(page.getByTestId('view-title')).toHaveText('Order Status');
  await shoot(page, 'sandbox-checkout');

  await page.getByRole('button', { name: 'Pay $4.99' }).click();
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'paid');
  await expect(page.getByTestId('order-new-balance')).toHaveText('100 credits');
  await expect(page.getByTestId('credits-badge')).toHaveText('100');
  await expect(other.getByTestId('credits-badge')).toHaveText('100');
  await shoot(page, 'order-status-paid');

  await page.getByRole('link', { name: 'Back to Buy Credits' }).click();
  await expect(page.getByTestId('purchase-row')).toHaveCount(1);
  await expect(page.getByTestId('ledger-row').first()).toContainText('Starter pack'); // issue #41: the pack's name, not "Purchase"
  await page.getByTestId('purchase-row').locator('summary').click();
  await expect(page.getByTestId('receipt')).toContainText('Sandbox (no money moved)');
  await shoot(page, 'buy-credits-history');
});

test('should show a declined sandbox payment as failed with a way to try again', async ({ page }) => {
  await signedIn(page, await seedUser(3));
  await page.goto(`${app.url}/settings/credits`);
  await page.locator('[data-pack-id="plus"]').getByRole('button').click();
  await page.getByRole('button', { name: 'Simulate a declined card' }).click();
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'failed');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByTestId('credits-badge')).toHaveText('3');
  await shoot(page, 'order-status-failed');
});

test('should open the subscribe modal for a Pro persona, subscribe in the sandbox and chat with it', async ({
  page,
}) => {
  test.slow(); // eight full-page screenshots besides the journey
  await signedIn(page, await seedUser(30));
  await page.goto(`${app.url}/pro`);
  await expect(page.getByTestId('pro-price')).toContainText('$19.99');
  await expect(page.getByTestId('pro-list-price')).toHaveText('$49.99');
  await shoot(page, 'pro-sale');

  await page.goto(`${app.url}/`);
  await expect(page.getByTestId('banner-pro')).toBeVisible();
  await page.locator('[data-persona-id="startup-advisor"]').first().getByRole('button').first().click();
  const modal = page.locator('[data-modal-id="subscribe"]');
  await expect(modal).toBeVisible();
  await expect(page).toHaveURL(`${app.url}/`);
  await shoot(page, 'subscribe-modal');

  // Subscribe Now in the modal starts the Pro checkout directly: the sandbox's order page.
  await modal.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(page).toHaveURL(/\/settings\/credits\/complete\?order=[^&]+&checkout=sandbox$/);
  await expect(modal).toHaveCount(0);
  await expect(page.getByTestId('sandbox-label')).toBeVisible();
  await page.getByRole('button', { name: 'Pay $19.99' }).click();
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'paid');
  await expect(page.getByText(/^Pro until /)).toBeVisible();

  await page.goto(`${app.url}/settings/pro`);
  await expect(page.getByTestId('subscription-plan')).toHaveText('Neura Pro');
  await expect(page.getByTestId('subscription-renewal')).toContainText('Renews on');
  await shoot(page, 'pro-subscription');
  await page.getByTestId('open-portal').click();
  await page.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(page.getByTestId('subscription-renewal')).toContainText('Ends on');
  await shoot(page, 'sandbox-portal');
  await page.getByRole('button', { name: 'Keep my subscription' }).click();
  await expect(page.getByTestId('subscription-renewal')).toContainText('Renews on');

  await page.goto(`${app.url}/`);
  await expect(page.getByTestId('banner-pro')).toHaveCount(0);
  await page.locator('[data-persona-id="startup-advisor"]').first().getByRole('button').first().click();
  await expect(page).toHaveURL(/\/chats\/new\?persona=startup-advisor$/);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Plan my startup');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/chats\/[a-z0-9]+$/);
  await expect(page.locator('[data-role="assistant"]').last()).toContainText('Here is your startup plan.');
});

test('should show the free plan on the Pro subscription page of a user without Pro', async ({ page }) => {
  await signedIn(page, await seedUser(10));
  await page.goto(`${app.url}/settings/pro`);
  await expect(page.getByTestId('subscription-plan')).toHaveText('Free');
  await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeVisible();
  await shoot(page, 'pro-subscription-free');
});
