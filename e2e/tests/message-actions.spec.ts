import { fileURLToPath } from 'node:url';
import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { createTestChat, ledgerAfterSeed } from '@neura/test-kit/seed';
import { type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.js';
import { createSignedInUser, signIn, withSeed } from '../support/session.js';

/**
 * Message actions (issue #17) against an app with a model: the fake OpenAI-compatible server
 * fails or answers as each test scripts it.
 */
let fake: FakeOpenAI;
let app: ServerProcess;
const shots = fileURLToPath(new URL('../artifacts/screenshots/message-actions-', import.meta.url));

async function seedUser(page: Page, credits: number): Promise<{ userId: string; chatId: string }> {
  const user = await createSignedInUser({ credits, password: null }, app.dataDir);
  const chat = await withSeed((target) => createTestChat(target, user.id), app.dataDir);
  await signIn(page.context(), user.token);
  return { userId: user.id, chatId: chat.id };
}

async function sendText(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

const ledgerOf = (userId: string) => withSeed((target) => ledgerAfterSeed(target, userId), app.dataDir);
const lastPrompt = () =>
  fake.requests
    .filter((r) => r.body.stream === true)
    .at(-1)
    ?.body.messages.filter((m: { role: string }) => m.role !== 'system');

test.beforeAll(async () => {
  fake = await startFakeOpenAI({ chunks: ['Hello.'] });
  app = await startServerProcess({
    env: { LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-e2e', LOG_LEVEL: 'info' },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

test('should retry a failed reply until it completes: charge, refund, charge', async ({ page }) => {
  fake.setScript({ status: 500 });
  const { userId, chatId } = await seedUser(page, 20);
  await page.goto(`${app.url}/chats/${chatId}`);
  const badge = page.getByTestId('credits-badge');
  await expect(badge).toHaveText('20');
  await sendText(page, 'Are you there?');

  const reply = page.locator('[data-role="assistant"]');
  await expect(reply).toHaveAttribute('data-status', 'failed');
  await expect(reply).toContainText('This reply could not be completed.');
  await expect(badge).toHaveText('20');

  fake.setScript({ chunks: ['Yes,', ' I am', ' here.'], delayMs: 20 });
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  await retry.click();
  await expect(reply).toHaveAttribute('data-status', 'complete');
  await expect(reply).toContainText('Yes, I am here.');
  await expect(badge).toHaveText('19');
  expect((await ledgerOf(userId)).map((r) => r.amount)).toEqual([-1, 1, -1]);
  // The failed attempt stays readable as version 1.
  await expect(page.getByTestId('version-position')).toHaveText('2/2');
  await page.getByRole('button', { name: 'Previous version' }).click();
  await expect(reply).toHaveAttribute('data-status', 'failed');
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
});

test('should regenerate the last reply as a second version, both reachable', async ({ page }) => {
  fake.setScript({ chunks: ['First', ' version.'] });
  const { userId, chatId } = await seedUser(page, 20);
  await page.goto(`${app.url}/chats/${chatId}`);
  await sendText(page, 'Give me a fact');
  const reply = page.locator('[data-role="assistant"]');
  await expect(reply).toContainText('First version.');
  await expect(page.getByTestId('credits-badge')).toHaveText('19');

  fake.setScript({ chunks: ['Second', ' version.'] });
  await reply.hover();
  await page.getByRole('button', { name: 'Regenerate' }).click();
  await expect(reply).toContainText('Second version.');
  await expect(reply).toHaveAttribute('data-status', 'complete');
  await expect(page.getByTestId('credits-badge')).toHaveText('18');
  const position = page.getByTestId('version-position');
  await expect(position).toHaveText('2/2');
  await page.getByRole('button', { name: 'Previous version' }).click();
  await expect(reply).toContainText('First version.');
  await expect(position).toHaveText('1/2');
  await page.getByRole('button', { name: 'Next version' }).click();
  await expect(reply).toContainText('Second version.');
  expect((await ledgerOf(userId)).map((r) => r.amount)).toEqual([-1, -1]);

  // Both versions survive a reload (history), the newest shown.
  await page.reload();
  await expect(reply).toContainText('Second version.');
  await expect(position).toHaveText('2/2');

  // The next message's context carries the chosen (latest) version only.
  fake.setScript({ chunks: ['Third.'] });
  await sendText(page, 'Another?');
  await expect(reply.last()).toContainText('Third.');
  expect(lastPrompt()).toEqual([
    { role: 'user', content: 'Give me a fact' },
    { role: 'assistant', content: 'Second version.' },
    { role: 'user', content: 'Another?' },
  ]);
});

test('should edit the last message and resend it', async ({ page }) => {
  fake.setScript({ chunks: ['Cats purr.'] });
  const { chatId } = await seedUser(page, 20);
  await page.goto(`${app.url}/chats/${chatId}`);
  await sendText(page, 'Tell me about cats');
  const reply = page.locator('[data-role="assistant"]');
  await expect(reply).toContainText('Cats purr.');

  fake.setScript({ chunks: ['Dogs bark.'] });
  await page.locator('[data-role="user"]').hover();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const box = page.getByRole('textbox', { name: 'Edit your message' });
  await expect(box).toHaveValue('Tell me about cats');
  await box.fill('Tell me about dogs');
  await box.press('Enter');
  await expect(page.locator('[data-role="user"]')).toHaveText('Tell me about dogs');
  await expect(reply).toContainText('Dogs bark.');
  await expect(page.getByTestId('credits-badge')).toHaveText('18');
  expect(lastPrompt()).toEqual([{ role: 'user', content: 'Tell me about dogs' }]);
  await expect(page.getByTestId('version-position')).toHaveText('2/2');
});

for (const vp of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
]) {
  test(`should show the actions and the receipt at ${vp.name} size, without serious axe violations`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    fake.setScript({ chunks: ['A **short** answer.'] });
    const { chatId } = await seedUser(page, 20);
    await page.goto(`${app.url}/chats/${chatId}`);
    await sendText(page, 'Short answer please');
    const reply = page.locator('[data-role="assistant"]');
    await expect(reply).toHaveAttribute('data-status', 'complete');
    await reply.hover();
    const toolbar = page.getByRole('toolbar', { name: 'Message actions' }).last();
    await expect(toolbar.getByRole('button', { name: 'Regenerate' })).toBeVisible();
    await toolbar.getByRole('button', { name: /^Cost: 1 credit/ }).click();
    const receipt = page.getByRole('dialog', { name: 'Receipt' });
    await expect(receipt).toContainText('Total');
    await page.screenshot({ path: `${shots}${vp.name}-receipt.png` });
    await page.keyboard.press('Escape');
    await toolbar.getByRole('button', { name: 'More actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'Copy as markdown' })).toBeVisible();
    await page.screenshot({ path: `${shots}${vp.name}-menu.png` });
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('should start with a skip link to the message box, and make each toolbar one tab stop', async ({ page }) => {
  fake.setScript({ chunks: ['Keyboard', ' reply.'] });
  const { chatId } = await seedUser(page, 20);
  await page.goto(`${app.url}/chats/${chatId}`);
  await sendText(page, 'Tab through me');
  await expect(page.locator('[data-role="assistant"]')).toHaveAttribute('data-status', 'complete');

  // The first tab stop of the page: the skip link, which lands in the message box.
  // Keyboard navigation from the top of the document (the message box has focus on a desktop).
  await page.evaluate(() => {
    const root = document.documentElement;
    root.tabIndex = -1;
    root.focus();
    root.removeAttribute('tabindex');
  });
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to message box' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();

  // One tab stop per message's toolbar; arrows (and Home / End) move inside it.
  const toolbar = page.getByRole('toolbar', { name: 'Message actions' }).last();
  const receipt = toolbar.getByRole('button', { name: /Show receipt/ });
  await receipt.focus();
  await page.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button', { name: 'Read aloud' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(toolbar.getByRole('button', { name: 'Regenerate' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(receipt).toBeFocused();
  // Tab leaves the toolbar at once (to the message box after the last message).
  await page.keyboard.press('Tab');
  expect(await toolbar.evaluate((el) => el.contains(document.activeElement))).toBe(false);
  await page.keyboard.press('Shift+Tab');
  await expect(receipt).toBeFocused();
  const stops = await page
    .getByRole('toolbar', { name: 'Message actions' })
    .evaluateAll((bars) => bars.map((bar) => bar.querySelectorAll('button[tabindex="0"]').length));
  expect(stops).toEqual(stops.map(() => 1));
});
