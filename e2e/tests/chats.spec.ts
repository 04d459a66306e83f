import { createTestChat } from '@neura/test-kit/seed';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { baseUrl } from '../support/app.js';
import { createSignedInUser, type E2EUser, setCredits, signIn, withSeed } from '../support/session.js';

async function signedInPage(browser: Browser, user: E2EUser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signIn(context, user.token);
  const page = await context.newPage();
  return { context, page };
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
const row = (page: Page, chatId: string) => sidebar(page).locator(`[data-testid="chat-row"][data-chat-id="${chatId}"]`);
const chatIdOf = (page: Page) => /\/chats\/([^/]+)$/.exec(new URL(page.url()).pathname)?.[1] ?? '';

test.describe('Explore', () => {
  test('should show real persona cards with artwork and the banner for 0, 3 and 50 credits', async ({ browser }) => {
    const user = await createSignedInUser({ credits: 0 });
    const { context, page } = await signedInPage(browser, user);
    await page.goto(`${baseUrl()}/`);
    await expect(page.getByRole('heading', { level: 2, name: 'Explore' })).toBeVisible();
    for (const title of ['Featured', 'Health & Wellbeing', 'Business & Finance', 'Novelty', 'Characters']) {
      await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
    const cards = page.getByTestId('persona-card');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(24);
    // The artwork is real: the featured background and the icons load as images.
    const background = page.getByTestId('persona-background').first();
    await expect(background).toBeVisible();
    await expect
      .poll(() => background.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const icon = cards.first().locator('img').nth(1);
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(cards.first().getByTestId('persona-cost')).toContainText('per message');

    await expect(page.getByTestId('banner-no-credits')).toContainText('No Credits');
    await expect(page.getByTestId('banner-pro').getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute(
      'href',
      '/settings/pro',
    );

    await setCredits(user.id, 3);
    await page.reload();
    await expect(page.getByTestId('banner-low-credits')).toContainText('Low Credits');
    await expect(page.getByTestId('banner-low-credits').getByRole('link', { name: 'Buy Credits' })).toHaveAttribute(
      'href',
      '/settings/credits',
    );
    await expect(page.getByTestId('banner-no-credits')).toHaveCount(0);

    await setCredits(user.id, 50);
    await page.reload();
    await expect(page.getByTestId('banner-pro')).toBeVisible();
    await expect(page.getByTestId('banner-low-credits')).toHaveCount(0);
    await expect(page.getByTestId('banner-no-credits')).toHaveCount(0);
    await context.close();
  });

  test('should start a chat from a card, and offer Pro (the subscribe modal) for a Pro persona', async ({
    browser,
  }) => {
    const user = await createSignedInUser();
    const { context, page } = await signedInPage(browser, user);
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('button', { name: 'Start a chat with Startup Advisor' }).first().click();
    const subscribe = page.getByRole('dialog', { name: 'Go Pro' });
    await expect(subscribe).toContainText('$19.99');
    await expect(page).toHaveURL(`${baseUrl()}/`);
    await page.keyboard.press('Escape');
    await expect(subscribe).toHaveCount(0);

    // A card opens a draft: the persona's intro, and no chat until the first message.
    await page.getByRole('button', { name: 'Start a chat with Captain Saltbeard' }).first().click();
    await expect(page).toHaveURL(/\/chats\/new\?persona=pirate-storyteller$/);
    await expect(page.getByTestId('chat-intro-name')).toHaveText('Captain Saltbeard');
    await expect(sidebar(page).getByTestId('chat-row')).toHaveCount(0);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Ahoy there');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/chats\/[a-z0-9]+$/);
    await expect(row(page, chatIdOf(page))).toContainText('Captain Saltbeard');
    await expect(sidebar(page).getByTestId('chat-row')).toHaveCount(1);
    await context.close();
  });
});

test.describe('New Chat modal', () => {
  test('should list Helpful personas, disable Pro ones for non-Pro users and start a chat', async ({ browser }) => {
    const user = await createSignedInUser();
    const { context, page } = await signedInPage(browser, user);
    await page.goto(`${baseUrl()}/`);
    await sidebar(page).getByRole('button', { name: 'New Chat' }).click();
    const modal = page.getByRole('dialog', { name: 'New Chat' });
    await expect(modal).toHaveAttribute('id', 'newchat');
    // Custom (issue #29) is enabled: a new user has no personas of their own yet.
    await modal.getByRole('tab', { name: 'Custom' }).click();
    await expect(modal.getByText('No custom personas yet.')).toBeVisible();
    await modal.getByRole('tab', { name: 'Helpful' }).click();
    await expect(modal.getByTestId('newchat-persona').filter({ hasText: 'Dev Buddy' })).toHaveAttribute(
      'data-locked',
      'true',
    );
    await modal.getByRole('tab', { name: 'Novelty' }).click();
    await expect(modal.getByTestId('newchat-persona').filter({ hasText: 'Unit 7' })).toBeVisible();
    await modal.getByRole('tab', { name: 'Helpful' }).click();
    await modal.getByTestId('newchat-persona').filter({ hasText: 'Scout' }).click();
    await expect(modal.getByTestId('newchat-detail')).toContainText('Search the web');
    await modal.getByRole('button', { name: 'Back' }).click();
    await modal.getByTestId('newchat-persona').filter({ hasText: 'Scout' }).click();
    await modal.getByRole('button', { name: 'Start Chat' }).click();
    await expect(page).toHaveURL(/\/chats\/new\?persona=scout$/);
    await expect(modal).toHaveCount(0);
    await expect(page.getByTestId('chat-intro-name')).toHaveText('Scout');
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Find me a recipe');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/chats\/[a-z0-9]+$/);
    await expect(row(page, chatIdOf(page))).toContainText('Scout');
    await context.close();
  });
});

test.describe('two sessions of one user', () => {
  test('should show create, rename, pin, archive and delete from one session in the other without reload', async ({
    browser,
  }) => {
    const user = await createSignedInUser({ pro: true });
    const a = await signedInPage(browser, user);
    const b = await signedInPage(browser, user);
    await a.page.goto(`${baseUrl()}/`);
    await b.page.goto(`${baseUrl()}/`);
    await expect(sidebar(b.page).getByTestId('connection-status')).toContainText('online');
    await expect(sidebar(b.page).getByTestId('tier-label')).toHaveText('Pro');

    // Create in A: with its first message (the card opens a draft).
    await a.page.getByRole('button', { name: 'Start a chat with The Detective' }).first().click();
    await expect(a.page).toHaveURL(/\/chats\/new\?persona=/);
    const box = a.page.getByRole('textbox', { name: 'Message' });
    await box.fill('who took the last biscuit?');
    await box.press('Enter');
    await expect(a.page).toHaveURL(/\/chats\/[a-z0-9]+$/);
    const chatId = chatIdOf(a.page);
    await expect(row(b.page, chatId)).toContainText('The Detective');

    // Rename in A (Regenerate Name from the first message).
    await row(a.page, chatId)
      .getByRole('button', { name: /Chat options for/ })
      .click();
    await a.page.getByRole('button', { name: 'Regenerate Name' }).click();
    await expect(row(a.page, chatId).getByTestId('chat-row-name')).toHaveText('Who took the last biscuit');
    await expect(row(b.page, chatId).getByTestId('chat-row-name')).toHaveText('Who took the last biscuit');

    // Rename in A by clicking the chat title in the header (A is on the chat's page).
    await a.page.getByTestId('chat-title').click();
    const titleInput = a.page.getByTestId('chat-title-input');
    await titleInput.fill('Biscuit mystery');
    await titleInput.press('Enter');
    await expect(a.page.getByTestId('chat-title')).toHaveText('Biscuit mystery');
    await expect(row(b.page, chatId).getByTestId('chat-row-name')).toHaveText('Biscuit mystery');

    // Pin in A.
    await row(a.page, chatId)
      .getByRole('button', { name: /Chat options for/ })
      .click();
    await a.page.getByRole('button', { name: 'Pin Chat' }).click();
    await expect(row(a.page, chatId).getByTestId('chat-row-pinned')).toBeVisible();
    await expect(row(b.page, chatId).getByTestId('chat-row-pinned')).toBeVisible();

    // Archive in A: it leaves the main list in both.
    await row(a.page, chatId)
      .getByRole('button', { name: /Chat options for/ })
      .click();
    await a.page.getByRole('button', { name: 'Archive Chat' }).click();
    await expect(row(a.page, chatId)).toHaveCount(0);
    await expect(row(b.page, chatId)).toHaveCount(0);
    await sidebar(b.page).getByRole('button', { name: 'Show archived' }).click();
    await expect(row(b.page, chatId)).toBeVisible();

    // B opens the chat; A deletes it; B goes home.
    await row(b.page, chatId).getByRole('link').click();
    await expect(b.page).toHaveURL(`${baseUrl()}/chats/${chatId}`);
    await sidebar(a.page).getByRole('button', { name: 'Show archived' }).click();
    await row(a.page, chatId)
      .getByRole('button', { name: /Chat options for/ })
      .click();
    await a.page.getByRole('button', { name: 'Delete Chat' }).click();
    const confirm = a.page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete this chat? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(a.page).toHaveURL(`${baseUrl()}/`);
    await expect(b.page).toHaveURL(`${baseUrl()}/`);
    await expect(row(b.page, chatId)).toHaveCount(0);
    await expect(row(a.page, chatId)).toHaveCount(0);

    await a.context.close();
    await b.context.close();
  });
});

test.describe('Chats page (mobile)', () => {
  test('should list chats with preview or "No messages yet", persona or "Unknown / Custom", and search them', async ({
    browser,
  }) => {
    const user = await createSignedInUser();
    await withSeed(async (target) => {
      const now = new Date().toISOString();
      await createTestChat(target, user.id, 'sherlock', {
        name: 'Missing cake',
        lastMessageAt: now,
        preview: 'The butler did it',
      });
      await createTestChat(target, user.id, 'retired-persona', { name: 'Old friend' });
    });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    await signIn(context, user.token);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/chats`);
    const rows = page.getByRole('main').getByTestId('chat-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'Missing cake' })).toContainText('The butler did it');
    await expect(rows.filter({ hasText: 'Missing cake' })).toContainText('The Detective');
    await expect(rows.filter({ hasText: 'Old friend' })).toContainText('No messages yet');
    await expect(rows.filter({ hasText: 'Old friend' })).toContainText('Unknown / Custom');
    await page.getByRole('main').getByRole('searchbox', { name: 'Search chats' }).fill('butler');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Missing cake');
    await context.close();
  });
});
