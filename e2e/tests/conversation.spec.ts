import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { addTestMessages, createTestChat, ledgerAfterSeed } from '@neura/test-kit/seed';
import { type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { expect, type Page, test } from '@playwright/test';
import { createSignedInUser, signIn, withSeed } from '../support/session.js';

/**
 * A second app instance with a model: the fake OpenAI-compatible server streams the reply.
 * The user, session and chat are seeded through the server's repositories (sign-up and chat
 * creation are other features' journeys).
 */
let fake: FakeOpenAI;
let app: ServerProcess;

/** A signed-in user of this app with `credits` and one empty chat. */
async function seedUser(page: Page, credits: number): Promise<{ userId: string; chatId: string }> {
  const user = await createSignedInUser({ credits, password: null }, app.dataDir);
  const chat = await withSeed((target) => createTestChat(target, user.id), app.dataDir);
  await signIn(page.context(), user.token);
  return { userId: user.id, chatId: chat.id };
}

/** `count` alternating user/assistant messages, one second apart, ending now. */
async function seedMessages(chat: { chatId: string; userId: string }, count: number): Promise<void> {
  const start = Date.now() - count * 1000;
  await withSeed(
    (target) =>
      addTestMessages(
        target,
        { id: chat.chatId, userId: chat.userId },
        Array.from({ length: count }, (_, i) => ({
          role: i % 2 ? ('assistant' as const) : ('user' as const),
          content: `Message number ${i}`,
          at: new Date(start + i * 1000).toISOString(),
        })),
      ),
    app.dataDir,
  );
}

test.beforeAll(async () => {
  fake = await startFakeOpenAI({ chunks: ['**Hello**', ' from', ' the', ' fake', ' model.'], delayMs: 40 });
  fake.setTitle('Greetings From The Fake');
  app = await startServerProcess({
    env: { LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-e2e', LOG_LEVEL: 'info' },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

test('should stream a persona reply, charge its cost and name the chat', async ({ page }) => {
  const { chatId } = await seedUser(page, 20);
  await page.goto(`${app.url}/chats/${chatId}`);

  await expect(page.getByTestId('credits-badge')).toHaveText('20');
  await expect(page.getByTestId('view-title')).toHaveText('New Chat');
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Say hello, please');
  await box.press('Enter');

  await expect(page.locator('[data-role="user"]')).toHaveText('Say hello, please');
  await expect(box).toHaveValue('');
  const reply = page.locator('[data-role="assistant"]');
  await expect(reply).toHaveAttribute('data-status', 'complete');
  await expect(reply.locator('strong')).toHaveText('Hello');
  await expect(reply).toContainText('Hello from the fake model.');
  // The default persona costs 1 credit per message.
  await expect(page.getByTestId('credits-badge')).toHaveText('19');
  await expect(page.getByTestId('view-title')).toHaveText('Greetings From The Fake');
  await expect(page).toHaveTitle('Greetings From The Fake');
  // No footer on the chat route.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});

test('should take a new user from Explore to a streamed, paid and named chat', async ({ page }) => {
  await seedUser(page, 20);
  await page.goto(`${app.url}/`);
  await expect(page.getByTestId('credits-badge')).toHaveText('20');
  const persona = await (await page.request.get(`${app.url}/api/personas`)).json();
  const coach = (persona as Array<{ id: string; name: string; cost: number }>).find((p) => p.id === 'mindful-coach');
  expect(coach).toBeTruthy();
  await page
    .getByRole('button', { name: `Start a chat with ${coach?.name}` })
    .first()
    .click();
  // A draft of the chat: created with the first message, whose address then replaces the draft's.
  await expect(page).toHaveURL(/\/chats\/new\?persona=mindful-coach$/);

  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('I feel stressed today');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/chats\/[0-9a-z]{26}$/);
  const reply = page.locator('[data-role="assistant"]');
  await expect(reply).toHaveAttribute('data-status', 'complete');
  await expect(reply).toContainText('Hello from the fake model.');
  await expect(page.getByTestId('credits-badge')).toHaveText(String(20 - (coach?.cost ?? 0)));
  await expect(page.getByTestId('view-title')).toHaveText('Greetings From The Fake');
});

test('should stop a reply and keep the partial text', async ({ page }) => {
  fake.setScript({ chunks: ['Partial', ' words', ' never', ' finished'], holdAfter: 2 });
  const { chatId } = await seedUser(page, 5);
  await page.goto(`${app.url}/chats/${chatId}`);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Start talking');
  await box.press('Enter');
  const reply = page.locator('[data-role="assistant"]');
  await expect(reply).toContainText('Partial words');
  // A blinking caret ends the text while it streams (a static one when motion is reduced).
  const caret = (prop: 'content' | 'animationName') =>
    reply
      .locator('.markdown > p')
      .last()
      .evaluate((p, name) => getComputedStyle(p, '::after')[name], prop);
  expect(await caret('content')).toBe('""');
  expect(await caret('animationName')).toBe('caret-blink');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await caret('animationName')).toBe('none');
  await page.emulateMedia({ reducedMotion: null });
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(reply).toHaveAttribute('data-status', 'stopped');
  await expect(reply).toContainText('Stopped');
  expect(await caret('content')).toBe('none');
  fake.release();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
});

test('should keep the text and offer Buy Credits when credits run out', async ({ page }) => {
  fake.setScript({});
  const { chatId } = await seedUser(page, 0);
  await page.goto(`${app.url}/chats/${chatId}`);
  await expect(page.getByTestId('credits-badge')).toHaveText('0');
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Am I broke?');
  await box.press('Enter');
  const toast = page.getByRole('status').filter({ hasText: 'enough credits' });
  await expect(toast).toContainText('Warning');
  await expect(box).toHaveValue('Am I broke?');
  await toast.getByRole('link', { name: 'Buy Credits' }).click();
  await expect(page).toHaveURL(`${app.url}/settings/credits`);
});

test('should open a 2,000-message chat with one page and load older ones on scroll-up', async ({ page }) => {
  const chat = await seedUser(page, 5);
  const { chatId } = chat;
  await seedMessages(chat, 2000);
  const pages: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/messages')) pages.push(new URL(r.url()).search);
  });
  await page.goto(`${app.url}/chats/${chatId}`);
  await expect(page.getByText('Message number 1999')).toBeVisible();
  // Only the newest page: once, or twice when the session socket connected after it was fetched
  // (the page is fetched again then, to catch up anything streamed in between).
  expect(pages.length).toBeGreaterThanOrEqual(1);
  expect(pages.length).toBeLessThanOrEqual(2);
  expect(pages.every((search) => !search.includes('before='))).toBe(true);
  const newest = pages.length;
  // Virtualized: only the rows near the viewport are in the page.
  expect(await page.getByTestId('message').count()).toBeLessThan(40);

  const list = page.getByTestId('message-list');
  // Scrolling to the top asks for exactly one older page (scrolling again and again would page
  // all the way back to message 0).
  const older = page.waitForResponse((r) => r.url().includes('/messages') && r.url().includes('before='));
  await list.evaluate((el) => {
    el.scrollTop = 0;
  });
  await older;
  expect(pages.slice(newest).some((search) => search.includes('before='))).toBe(true);
  // The older page (1900–1949) is prepended above what was in view: the reading position is kept,
  // so the row that was at the top (1950, the newest page's first) is still in view once it renders.
  await expect(list.getByRole('status')).toHaveCount(0);
  await expect(page.getByText('Message number 1950', { exact: true })).toBeVisible();
  // Scrolling to the top again shows the older rows. Each scroll to the top may ask for the next older
  // page (and keeps the position again), so a retry looks for any row older than the first page.
  const olderRow = page.getByText(/^Message number (\d{1,3}|1[0-8]\d\d|19[0-4]\d)$/).first();
  await expect(async () => {
    await list.evaluate((el) => {
      el.scrollTop = 0;
    });
    await expect(olderRow).toBeVisible({ timeout: 2_000 });
  }).toPass();
});

test('should show a failed reply, its toast and the refund when the model answers 500', async ({ page }) => {
  fake.setScript({ status: 500 });
  const { userId, chatId } = await seedUser(page, 20);
  await page.goto(`${app.url}/chats/${chatId}`);
  const badge = page.getByTestId('credits-badge');
  await expect(badge).toHaveText('20');
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Are you there?');
  await box.press('Enter');

  await expect(page.locator('[data-role="user"]')).toHaveText('Are you there?');
  const reply = page.locator('[data-role="assistant"]');
  await expect(reply).toHaveAttribute('data-status', 'failed');
  await expect(reply).toContainText('This reply could not be completed.');
  // A 500 is retried once (issue #24), then told as a failing server, with the refund.
  await expect(page.getByRole('alert').filter({ hasText: 'overloaded or failing' })).toContainText(
    'The model’s server is overloaded or failing right now, so it could not reply. Your credits for this message were refunded.',
  );
  // Charged when sent, given back when the model failed: the badge is where it started.
  await expect(badge).toHaveText('20');
  const ledger = await withSeed((target) => ledgerAfterSeed(target, userId), app.dataDir);
  expect(ledger.map((r) => r.amount)).toEqual([-1, 1]);
  // The chat is free again.
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
});
