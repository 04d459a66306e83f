import path from 'node:path';
import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { repoRoot, type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { describeViolations, seriousViolations } from '../support/axe.js';
import { createSignedInUser, type E2EUser, signIn, withSeed } from '../support/session.js';

/**
 * The operator's console: an admin (role set through the server's repository, as the CLI does)
 * works in one browser context while a plain user's tab is open in another. A sandbox app with a
 * fake model, so messages are charged and orders can be paid and refunded.
 */
let app: ServerProcess;
let fake: FakeOpenAI;

const SHOTS = path.join(repoRoot, 'e2e/artifacts/screenshots');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

test.beforeAll(async () => {
  fake = await startFakeOpenAI({ chunks: ['Hello', ' from the owl.'], delayMs: 5 });
  fake.setTitle('Owl Talk');
  app = await startServerProcess({
    env: { PAYMENTS: 'sandbox', LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-e2e' },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

test.use({ viewport: DESKTOP });

async function seedAdmin(): Promise<E2EUser> {
  const admin = await createSignedInUser({ firstName: 'Olga', lastName: 'Operator', password: null }, app.dataDir);
  await withSeed((target) => target.users.update(admin.id, { role: 'admin' }), app.dataDir);
  return admin;
}

async function contextFor(context: BrowserContext, user: E2EUser): Promise<Page> {
  await signIn(context, user.token);
  return context.newPage();
}

/** A paid sandbox order of the user's (the same calls the checkout pages make). */
async function paidOrder(user: E2EUser, product: string): Promise<string> {
  const headers = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };
  const res = await fetch(`${app.url}/api/billing/checkout`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ product }),
  });
  const { orderId } = (await res.json()) as { orderId: string };
  await fetch(`${app.url}/api/billing/sandbox/${orderId}/complete`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ outcome: 'paid' }),
  });
  return orderId;
}

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

test('should let an admin grant credits live, edit a price, publish a persona, refund an order and read the audit log', async ({
  browser,
}) => {
  test.slow();
  const admin = await seedAdmin();
  const user = await createSignedInUser(
    { firstName: 'Uma', lastName: 'User', credits: 10, password: null },
    app.dataDir,
  );
  const orderId = await paidOrder(user, 'starter');

  const userContext = await browser.newContext({ viewport: DESKTOP });
  const userTab = await contextFor(userContext, user);
  await userTab.goto(`${app.url}/`);
  await expect(userTab.getByTestId('credits-badge')).toHaveText('110');

  const adminContext = await browser.newContext({ viewport: DESKTOP });
  const page = await contextFor(adminContext, admin);
  await page.goto(`${app.url}/settings`);
  await page.getByRole('link', { name: 'Operator Console' }).click();
  await expect(page).toHaveURL(`${app.url}/admin`);
  await expect(page.getByTestId('admin-dashboard')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Credits sold per day/ })).toBeVisible();
  await shoot(page, 'admin-dashboard');

  // Users: grant 25 credits; the user's open tab hears it.
  await page.getByRole('link', { name: 'Users' }).click();
  await page.getByRole('searchbox', { name: 'Search by email' }).fill(user.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: `Open ${user.email}` }).click();
  await expect(page.getByTestId('admin-user-credits')).toHaveText('110');
  await page.getByTestId('admin-credits-amount').fill('25');
  await page.getByRole('button', { name: 'Grant or take' }).click();
  await expect(userTab.getByTestId('credits-badge')).toHaveText('135', { timeout: 1000 });
  await expect(page.getByTestId('admin-user-credits')).toHaveText('135');
  await shoot(page, 'admin-users');

  // Personas: the default persona's price goes to 4; the next message costs 4.
  await page.getByRole('link', { name: 'Personas' }).click();
  const defaultName = (
    (await (await fetch(`${app.url}/api/personas`)).json()) as Array<{ id: string; name: string }>
  ).find((p) => p.id === 'default')?.name as string;
  await page.getByRole('button', { name: `Edit ${defaultName}`, exact: true }).click();
  await page.getByTestId('persona-cost').fill('4');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('persona-form')).toBeHidden();
  await expect(userTab.locator('[data-persona-id="default"]').first().getByTestId('persona-cost')).toContainText('4');
  await userTab
    .getByRole('button', { name: `Start a chat with ${defaultName}` })
    .first()
    .click();
  await expect(userTab).toHaveURL(/\/chats\/new\?persona=default$/);
  const box = userTab.getByRole('textbox', { name: 'Message' });
  await box.fill('Hello owl');
  await box.press('Enter');
  await expect(userTab).toHaveURL(/\/chats\/[0-9a-z]{26}$/);
  await expect(userTab.locator('[data-role="assistant"]')).toHaveAttribute('data-status', 'complete');
  await expect(userTab.getByTestId('credits-badge')).toHaveText('131');

  // A new persona, published: it appears on the user's Explore page.
  await userTab.goto(`${app.url}/`);
  await page.getByRole('button', { name: 'New persona' }).click();
  await page.getByTestId('persona-id').fill('night-owl');
  await page.getByTestId('persona-name').fill('Night Owl');
  await page.getByTestId('persona-description').fill('Answers at night.');
  await page.getByTestId('persona-tags').fill('featured, fun');
  await page.getByTestId('persona-systemPrompt').fill('You are a wise owl.');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Publish Night Owl' }).click();
  await expect(page.getByRole('button', { name: 'Unpublish Night Owl' })).toBeVisible();
  await expect(userTab.locator('[data-persona-id="night-owl"]').first()).toBeVisible();
  await shoot(page, 'admin-personas');

  // Orders: refund the sandbox order; the balance and the order follow.
  await page.getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByTestId(`order-status-${orderId}`)).toHaveText('paid');
  // The app's own confirmation (issue #41), in words: the product and whose it is, not a raw id.
  await page.getByRole('button', { name: `Refund ${orderId}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Refund this order?' });
  await expect(confirm).toContainText(`Refund ${user.email}'s Starter pack in full?`);
  await expect(confirm).not.toContainText(orderId);
  await confirm.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByTestId(`order-status-${orderId}`)).toHaveText('refunded');
  await expect(userTab.getByTestId('credits-badge')).toHaveText('31');
  await shoot(page, 'admin-orders');

  // The audit log has a line for each of the four.
  await page.getByRole('link', { name: 'Audit log' }).click();
  const actions = page.getByTestId('audit-action');
  await expect(actions.first()).toHaveText('order.refund');
  const all = await actions.allTextContents();
  for (const action of ['credits.grant', 'persona.edit', 'persona.create', 'persona.publish', 'order.refund']) {
    expect(all).toContain(action);
  }
  await shoot(page, 'admin-audit');

  await userContext.close();
  await adminContext.close();
});

test('should give a non-admin 403 from the admin API and no console link', async ({ page }) => {
  const user = await createSignedInUser({ password: null }, app.dataDir);
  await signIn(page.context(), user.token);
  await page.goto(`${app.url}/settings`);
  await expect(page.getByRole('link', { name: 'Change Password' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Operator Console' })).toHaveCount(0);
  for (const url of ['/api/admin/users?q=a', '/api/admin/dashboard?days=7', '/api/admin/audit', '/api/admin/orders']) {
    const res = await page.request.get(`${app.url}${url}`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(res.status(), url).toBe(403);
  }
  const refund = await page.request.post(`${app.url}/api/admin/orders/x/refund`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(refund.status()).toBe(403);
  await page.goto(`${app.url}/admin`);
  await expect(page.getByTestId('admin-forbidden')).toHaveText('Only administrators can open the console.');
});

/** A small PNG made by the browser's canvas (no image library needed in the test). */
async function canvasPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    ctx.fillStyle = '#0e7490';
    ctx.fillRect(0, 0, 640, 480);
    ctx.fillStyle = '#fbbf24';
    ctx.beginPath();
    ctx.arc(320, 240, 150, 0, Math.PI * 2);
    ctx.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1] as string, 'base64');
}

test('should let an admin give a persona a tagline, prompts and an avatar shown in Explore, then unpublish it and its open chat turn read-only', async ({
  browser,
}) => {
  test.slow();
  const admin = await seedAdmin();
  const user = await createSignedInUser(
    { firstName: 'Rita', lastName: 'Reader', credits: 20, password: null },
    app.dataDir,
  );
  const id = `river-otter-${Date.now().toString(36)}`;
  const created = await fetch(`${app.url}/api/admin/personas`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      id,
      icon: 'anchor',
      name: 'River Otter',
      description: 'Chats about rivers.',
      cost: 1,
      tags: ['featured', 'fun'],
      published: true,
      requiresPro: false,
      includedSkills: [],
      systemPrompt: 'You are a river otter.',
    }),
  });
  expect(created.status).toBe(201);

  const userContext = await browser.newContext({ viewport: DESKTOP });
  const userTab = await contextFor(userContext, user);
  await userTab.goto(`${app.url}/`);
  const card = userTab.locator(`[data-persona-id="${id}"]`).first();
  await expect(card).toBeVisible();
  await expect(card.getByTestId('persona-avatar')).toHaveCount(0);

  const adminContext = await browser.newContext({ viewport: DESKTOP });
  const page = await contextFor(adminContext, admin);
  await page.goto(`${app.url}/admin?tab=personas`);
  await page.getByRole('button', { name: 'Edit River Otter', exact: true }).click();
  await page.getByTestId('persona-tagline').fill('Your friend down by the water');
  await page.getByRole('textbox', { name: 'Suggested prompt 1' }).fill('Where do otters sleep?');
  await page.getByRole('textbox', { name: 'Suggested prompt 2' }).fill('Tell me a river story');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('persona-form')).toBeHidden();
  // The user's open Explore page follows at once.
  await expect(card.getByTestId('persona-tagline')).toHaveText('Your friend down by the water');

  // The avatar: uploaded from the editor, shown on the user's card (loaded, not the generated art).
  await page.getByRole('button', { name: 'Edit River Otter', exact: true }).click();
  await expect(page.getByTestId('persona-avatar-generated')).toBeVisible();
  await page.getByTestId('persona-avatar-input').setInputFiles({
    name: 'otter.png',
    mimeType: 'image/png',
    buffer: await canvasPng(page),
  });
  await expect(page.getByTestId('persona-avatar-preview')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove avatar' })).toBeVisible();
  const avatar = card.getByTestId('persona-avatar');
  await expect(avatar).toHaveAttribute('src', new RegExp(`/api/personas/${id}/avatar\\?v=`));
  await avatar.scrollIntoViewIfNeeded();
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);

  // The editor at phone and desktop sizes (looked at), axe clean.
  for (const [size, viewport] of [
    ['390x844', PHONE],
    ['1366x900', { width: 1366, height: 900 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.getByTestId('persona-form').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `admin-persona-editor-${size}.png`), fullPage: true });
  }
  const violations = await seriousViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'Cancel' }).click();

  // A chat with it: the intro shows the tagline and the persona's own prompts; a chip sends.
  await card.getByRole('button', { name: 'Start a chat with River Otter' }).click();
  // A draft until the first message (issue #25 N9).
  await expect(userTab).toHaveURL(/\/chats\/new\?persona=river-otter/);
  await expect(userTab.getByTestId('chat-intro-tagline')).toHaveText('Your friend down by the water');
  await expect(userTab.getByTestId('chat-intro').getByTestId('persona-avatar')).toBeVisible();
  const chips = userTab.getByTestId('suggestion');
  await expect(chips).toHaveText(['Where do otters sleep?', 'Tell me a river story']);
  await chips.first().click();
  await expect(userTab).toHaveURL(/\/chats\/[0-9a-z]{26}$/);
  await expect(userTab.locator('[data-role="assistant"]')).toHaveAttribute('data-status', 'complete');

  // Unpublished: the open chat keeps its history and shows the note instead of the composer.
  await page.getByRole('button', { name: 'Unpublish River Otter' }).click();
  await expect(page.getByRole('button', { name: 'Publish River Otter' })).toBeVisible();
  const note = userTab.getByTestId('chat-read-only');
  await expect(note).toContainText('This chat is read-only');
  await expect(note).toContainText('This persona is no longer available');
  await expect(userTab.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await expect(userTab.locator('[data-role="user"]')).toContainText('Where do otters sleep?');
  await expect(userTab.locator('[data-role="assistant"]')).toContainText('Hello from the owl.');
  await userTab.screenshot({ path: path.join(SHOTS, 'chat-read-only-1440x900.png'), animations: 'disabled' });
  const chatViolations = await seriousViolations(userTab);
  expect(chatViolations, describeViolations(chatViolations)).toEqual([]);
  // A reload shows the same (the server says so, not only the live event).
  await userTab.reload();
  await expect(userTab.getByTestId('chat-read-only')).toBeVisible();

  await page.getByRole('link', { name: 'Audit log' }).click();
  const actions = page.getByTestId('audit-action');
  await expect(actions.first()).toHaveText('persona.unpublish');
  const all = await actions.allTextContents();
  for (const action of ['persona.edit', 'persona.avatar', 'persona.unpublish']) expect(all).toContain(action);

  await userContext.close();
  await adminContext.close();
});
