import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { type FakeOpenAI, startFakeOpenAI } from '../../server/test/fixtures/fake-openai.js';
import { type RunningApp, startApp } from '../support/app-server.js';
import { insertUserWithSession } from '../support/session.js';

/**
 * A second app instance with a model: the fake OpenAI-compatible server streams the reply.
 * The user, session and chat are written straight into that app's SQLite database (sign-up and
 * chat creation are other features' journeys).
 */
let fake: FakeOpenAI;
let app: RunningApp;

const ulidish = () => `${Date.now().toString(32).padStart(10, '0')}${randomBytes(8).toString('hex')}`.slice(0, 26);

function seedMessages(dataDir: string, chatId: string, count: number): void {
  const db = new Database(path.join(dataDir, 'neura.db'));
  try {
    const { user_id: userId } = db.prepare('SELECT user_id FROM chats WHERE id = ?').get(chatId) as { user_id: string };
    const insert = db.prepare(
      `INSERT INTO messages (id, chat_id, user_id, role, content, parts, status, cost, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, NULL, 'complete', 0, ?, ?)`,
    );
    const start = Date.now() - count * 1000;
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const at = new Date(start + i * 1000).toISOString();
        // Time-ordered ids: a fixed-width counter keeps them sorted.
        const id = `0${String(i).padStart(9, '0')}${randomBytes(8).toString('hex')}`;
        insert.run(id, chatId, userId, i % 2 ? 'assistant' : 'user', `Message number ${i}`, at, at);
      }
    })();
  } finally {
    db.close();
  }
}

function seedUser(dataDir: string, credits: number): { token: string; chatId: string } {
  const db = new Database(path.join(dataDir, 'neura.db'));
  try {
    const { id: userId, token } = insertUserWithSession(db, { firstName: 'Ada', lastName: 'Lovelace', credits });
    const now = new Date().toISOString();
    const chatId = ulidish();
    db.prepare(
      `INSERT INTO chats (id, user_id, persona_id, name, last_message_at, preview, is_pinned, is_archived, created_at, updated_at)
       VALUES (?, ?, 'default', 'New Chat', NULL, NULL, 0, 0, ?, ?)`,
    ).run(chatId, userId, now, now);
    return { token, chatId };
  } finally {
    db.close();
  }
}

test.beforeAll(async () => {
  fake = await startFakeOpenAI({ chunks: ['**Hello**', ' from', ' the', ' fake', ' model.'], delayMs: 40 });
  fake.setTitle('Greetings From The Fake');
  app = await startApp({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-e2e' });
});

test.afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

test('should stream a persona reply, charge its cost and name the chat', async ({ page }) => {
  const { token, chatId } = seedUser(app.dataDir, 20);
  await page.addInitScript((t) => localStorage.setItem('neura:persisted', JSON.stringify({ token: t })), token);
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
  const { token } = seedUser(app.dataDir, 20);
  await page.addInitScript((t) => localStorage.setItem('neura:persisted', JSON.stringify({ token: t })), token);
  await page.goto(`${app.url}/`);
  await expect(page.getByTestId('credits-badge')).toHaveText('20');
  const persona = await (await page.request.get(`${app.url}/api/personas`)).json();
  const coach = (persona as Array<{ id: string; name: string; cost: number }>).find((p) => p.id === 'mindful-coach');
  expect(coach).toBeTruthy();
  await page
    .getByRole('button', { name: `Start a chat with ${coach?.name}` })
    .first()
    .click();
  await expect(page).toHaveURL(/\/chats\/[0-9a-z]{26}$/);

  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('I feel stressed today');
  await box.press('Enter');
  const reply = page.locator('[data-role="assistant"]');
  await expect(reply).toHaveAttribute('data-status', 'complete');
  await expect(reply).toContainText('Hello from the fake model.');
  await expect(page.getByTestId('credits-badge')).toHaveText(String(20 - (coach?.cost ?? 0)));
  await expect(page.getByTestId('view-title')).toHaveText('Greetings From The Fake');
});

test('should stop a reply and keep the partial text', async ({ page }) => {
  fake.setScript({ chunks: ['Partial', ' words', ' never', ' finished'], holdAfter: 2 });
  const { token, chatId } = seedUser(app.dataDir, 5);
  await page.addInitScript((t) => localStorage.setItem('neura:persisted', JSON.stringify({ token: t })), token);
  await page.goto(`${app.url}/chats/${chatId}`);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Start talking');
  await box.press('Enter');
  const reply = page.locator('[data-role="assistant"]');
  await expect(reply).toContainText('Partial words');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(reply).toHaveAttribute('data-status', 'stopped');
  await expect(reply).toContainText('Stopped');
  fake.release();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
});

test('should keep the text and offer Buy Credits when credits run out', async ({ page }) => {
  fake.setScript({});
  const { token, chatId } = seedUser(app.dataDir, 0);
  await page.addInitScript((t) => localStorage.setItem('neura:persisted', JSON.stringify({ token: t })), token);
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
  const { token, chatId } = seedUser(app.dataDir, 5);
  seedMessages(app.dataDir, chatId, 2000);
  const pages: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/messages')) pages.push(new URL(r.url()).search);
  });
  await page.addInitScript((t) => localStorage.setItem('neura:persisted', JSON.stringify({ token: t })), token);
  await page.goto(`${app.url}/chats/${chatId}`);
  await expect(page.getByText('Message number 1999')).toBeVisible();
  expect(pages).toHaveLength(1);
  expect(pages[0]).not.toContain('before=');
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
  expect(pages[1]).toContain('before=');
  // The older page is prepended above what was in view; the top of the list now shows its first message.
  await list.evaluate((el) => {
    el.scrollTop = 0;
  });
  await expect(page.getByText('Message number 1900', { exact: true })).toBeVisible();
});
