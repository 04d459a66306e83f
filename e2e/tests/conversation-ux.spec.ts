import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { createTestChat } from '@neura/test-kit/seed';
import { type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { expect, type Page, test } from '@playwright/test';
import { createVerifiedUser, newEmail } from '../support/accounts.js';
import { baseUrl } from '../support/app.js';
import { describeViolations, seriousViolations } from '../support/axe.js';
import { navigateInApp } from '../support/navigate.js';
import { createSignedInUser, signIn, withSeed } from '../support/session.js';

/**
 * #17 conversation UX: visitors log in from public pages, rich markdown replies, a chat that fails
 * to load recovers with Retry, every persona is in New Chat, the header is 56 px everywhere.
 * Screenshots (both sizes, three themes) go to e2e/artifacts/screenshots/conversation-ux/.
 */

const SHOTS = fileURLToPath(new URL('../artifacts/screenshots/conversation-ux/', import.meta.url));
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
const THEMES = ['dark', 'light', 'blackout'] as const;

const MARKDOWN_REPLY = [
  '## Plan\n\n',
  '| Day | City | Budget |\n|---|---|---|\n| 1 | Lisbon | 120 € |\n| 2 | Porto | 95 € |\n\n',
  '1. Book the train\n2. Pack light\n3. Enjoy the view\n\n',
  '> Travel is the only thing you buy that makes you richer.\n\n',
  '```js\nconst total = days.reduce((sum, d) => sum + d.budget, 0); // a long line that must scroll sideways instead of squashing the layout\n```\n\n',
  '- [x] passport\n- [ ] sunscreen\n',
];

let fake: FakeOpenAI;
let app: ServerProcess;

test.beforeAll(async () => {
  fake = await startFakeOpenAI({ chunks: MARKDOWN_REPLY, delayMs: 20 });
  app = await startServerProcess({
    env: { LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-e2e', LOG_LEVEL: 'info' },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

/** A signed-in user of the model app with one empty chat with `persona`. */
async function seedChat(page: Page, persona = 'default'): Promise<string> {
  const user = await createSignedInUser({ credits: 40, password: null }, app.dataDir);
  const chat = await withSeed((target) => createTestChat(target, user.id, persona), app.dataDir);
  await signIn(page.context(), user.token);
  return chat.id;
}

async function setTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.evaluate((t) => {
    const root = document.documentElement;
    root.classList.toggle('light', t === 'light');
    root.classList.toggle('dark', t !== 'light');
    root.classList.toggle('blackout', t === 'blackout');
  }, theme);
}

/** The chat at both sizes and in the three themes. */
async function shoot(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const theme of THEMES) {
      await setTheme(page, theme);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${size.name}-${theme}.png`), animations: 'disabled' });
    }
  }
  await setTheme(page, 'dark');
}

test('a visitor on /terms logs in from the sidebar and stays on the page', async ({ page }) => {
  const user = await createVerifiedUser(newEmail('ux-visitor'));
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${baseUrl()}/terms`);
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await sidebar.getByRole('button', { name: 'Login / Signup' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // A public page: the modal closes like any other (×), and stays open until then.
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Skip Intro' }).click();
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('Password').fill(user.password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('credits-badge')).toBeVisible();
  await expect(page).toHaveURL(`${baseUrl()}/terms`);
  await expect(sidebar.getByTestId('copyright')).toHaveText(/2024/);
});

test('the auth modal on / offers Browse as visitor instead of a dead ×, and browsing stays on Explore', async ({
  page,
}) => {
  await page.goto(`${baseUrl()}/`);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // Issue #41: a visitor browses Explore (it used to send them to Release Notes).
  await expect(page).toHaveURL(`${baseUrl()}/`);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: 'Explore' })).toBeVisible();
});

test('a reply with a table, an ordered list, a quote and code renders as such', async ({ page }) => {
  const chatId = await seedChat(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${app.url}/chats/${chatId}`);
  const box = page.getByRole('textbox', { name: 'Message' });
  await expect(box).toBeFocused();
  await box.fill('Plan my trip');
  await box.press('Enter');
  const reply = page.locator('[data-role="assistant"]');
  await expect(reply).toHaveAttribute('data-status', 'complete');

  const table = reply.locator('.table-scroll table');
  await expect(table.locator('thead th')).toHaveText(['Day', 'City', 'Budget']);
  await expect(table.locator('tbody tr')).toHaveCount(2);
  const cell = await table
    .locator('tbody td')
    .first()
    .evaluate((td) => {
      const s = getComputedStyle(td);
      return {
        border: s.borderTopWidth,
        style: s.borderTopStyle,
        padding: s.paddingLeft,
        collapse: getComputedStyle(td.closest('table') as Element).borderCollapse,
      };
    });
  expect(cell).toMatchObject({ style: 'solid', collapse: 'collapse' });
  expect(Number.parseFloat(cell.border)).toBeGreaterThanOrEqual(1);
  expect(Number.parseFloat(cell.padding)).toBeGreaterThan(4);
  expect(await reply.locator('.table-scroll').evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto');

  const ol = reply.locator('ol');
  await expect(ol.locator('> li')).toHaveText(['Book the train', 'Pack light', 'Enjoy the view']);
  const list = await ol.evaluate((el) => ({
    type: getComputedStyle(el).listStyleType,
    pad: getComputedStyle(el).paddingLeft,
  }));
  expect(list.type).toBe('decimal');
  expect(Number.parseFloat(list.pad)).toBeGreaterThanOrEqual(20);

  const quote = reply.locator('blockquote');
  await expect(quote).toContainText('Travel is the only thing');
  const q = await quote.evaluate((el) => ({
    width: getComputedStyle(el).borderLeftWidth,
    style: getComputedStyle(el).borderLeftStyle,
  }));
  expect(q.style).toBe('solid');
  expect(Number.parseFloat(q.width)).toBeGreaterThanOrEqual(2);

  const code = reply.locator('pre code.language-js');
  await expect(code).toContainText('const total');
  // Highlighting comes in a task after the block renders (ui/markdown.tsx).
  await expect(code.locator('.hljs-keyword').first()).toBeAttached();
  const colours = await code.evaluate((el) => ({
    keyword: getComputedStyle(el.querySelector('.hljs-keyword') as Element).color,
    plain: getComputedStyle(el).color,
  }));
  expect(colours.keyword).not.toBe(colours.plain);
  // A long line scrolls inside the block; the page does not get wider.
  const pre = await reply
    .locator('pre')
    .evaluate((el) => ({ overflow: getComputedStyle(el).overflowX, wider: el.scrollWidth > el.clientWidth }));
  expect(pre.overflow).toBe('auto');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expect(reply.locator('li input[type="checkbox"]')).toHaveCount(2);

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
  await reply.getByRole('button', { name: 'Copy code' }).click();
  await expect(reply.locator('.code-copy')).toHaveText('Copied');

  await shoot(page, 'markdown');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('an empty chat greets with the persona and suggests first prompts', async ({ page }) => {
  const chatId = await seedChat(page, 'chef-basil');
  await page.goto(`${app.url}/chats/${chatId}`);
  const intro = page.getByTestId('chat-intro');
  await expect(intro.getByRole('heading', { name: 'Chef Basil' })).toBeVisible();
  await expect(intro.getByTestId('greeting')).toContainText('Bonjour! What is in your kitchen today?');
  await expect(intro.getByTestId('suggestion')).toHaveCount(3);
  await expect(page.locator('[data-testid="message"]')).toHaveCount(0);
  await shoot(page, 'empty-chat-greeting');

  await page.setViewportSize({ width: 1366, height: 900 });
  for (const theme of THEMES) {
    // Contrast included: the cost chip and the suggestions in every theme.
    await setTheme(page, theme);
    const violations = await seriousViolations(page);
    expect(violations, `${theme}: ${describeViolations(violations)}`).toEqual([]);
  }
});

test('Reload Chat says so in a toast that covers neither the credits badge nor help', async ({ page }) => {
  const chatId = await seedChat(page);
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto(`${app.url}/chats/${chatId}`);
    await expect(page.getByTestId('chat-intro')).toBeVisible();
    if (size.name === 'desktop') {
      await page
        .getByRole('complementary', { name: 'Sidebar' })
        .getByRole('button', { name: /options/i })
        .first()
        .click();
    } else {
      await page.goto(`${app.url}/chats`);
      await page
        .getByRole('button', { name: /options/i })
        .first()
        .click();
    }
    await page.getByRole('button', { name: 'Reload Chat' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Chat reloaded.' });
    await expect(toast).toBeVisible();
    const [t, badge, help] = await Promise.all([
      toast.boundingBox(),
      page.getByTestId('credits-badge').boundingBox(),
      page.getByTestId('help-button').boundingBox(),
    ]);
    for (const other of [badge, help]) {
      if (!t || !other) throw new Error('not laid out');
      const overlaps =
        t.x < other.x + other.width &&
        other.x < t.x + t.width &&
        t.y < other.y + other.height &&
        other.y < t.y + t.height;
      expect(overlaps, size.name).toBe(false);
    }
    await toast.getByRole('button', { name: 'Close' }).click();
  }
});

test('a chat opened while the API is down shows the error and recovers with Retry', async ({ page }) => {
  const chatId = await seedChat(page);
  let down = true;
  await page.route('**/api/users/me/chats/*/messages*', (route) =>
    down ? route.abort('connectionrefused') : route.continue(),
  );
  await page.goto(`${app.url}/chats/${chatId}`);
  const error = page.getByTestId('chat-load-error');
  await expect(error).toBeVisible();
  await expect(error).toContainText('This chat could not be loaded');
  await expect(page.getByText(/Say hello/)).toHaveCount(0);
  await shoot(page, 'load-error');

  await page.setViewportSize({ width: 1366, height: 900 });
  const violations = await seriousViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);

  down = false;
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(error).toBeHidden();
  await expect(page.getByTestId('chat-intro')).toBeVisible();
});

test('New Chat lists every published persona across its tabs', async ({ page }) => {
  await seedChat(page);
  const published = (await (await page.request.get(`${app.url}/api/personas`)).json()) as Array<{
    name: string;
    published: boolean;
  }>;
  const names = published.filter((p) => p.published).map((p) => p.name);
  expect(names.length).toBeGreaterThanOrEqual(24);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${app.url}/chats`);
  await page.getByTestId('header-left').click();
  const dialog = page.getByRole('dialog', { name: 'New Chat' });
  const listed = new Set<string>();
  for (const tab of ['Helpful', 'Novelty']) {
    await dialog.getByRole('tab', { name: tab }).click();
    await expect(dialog.getByTestId('newchat-tab-hint')).not.toBeEmpty();
    await expect(dialog.getByTestId('newchat-persona').first()).toBeVisible();
    for (const option of await dialog.getByTestId('newchat-persona').all()) {
      const text = (await option.textContent()) ?? '';
      const name = names.find((n) => text.includes(n));
      if (name) listed.add(name);
    }
  }
  expect(names.filter((n) => !listed.has(n))).toEqual([]);
});

test('the header is 56 px on every route, with the help button inside it', async ({ page }) => {
  // 13 routes at two sizes on a shared, loaded machine.
  test.setTimeout(300_000);
  const user = await createSignedInUser({ credits: 0, password: null, flags: ['insider'], pro: true });
  const chat = await withSeed((target) => createTestChat(target, user.id));
  await signIn(page.context(), user.token);
  const routes = [
    '/',
    '/chats',
    `/chats/${chat.id}`,
    '/create',
    '/pro',
    '/settings',
    '/settings/password',
    '/settings/delete',
    '/settings/credits',
    '/settings/pro',
    '/changelog',
    '/terms',
    '/no-such-page',
  ];
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    // One page load per size, then the app's own navigation (as a link does): the header is the
    // shell's, the same on a loaded page and a navigated one (shell.spec loads every route itself).
    await page.goto(`${baseUrl()}${routes[0]}`);
    for (const route of routes) {
      await navigateInApp(page, route);
      const header = page.getByRole('banner');
      await expect(header).toBeVisible();
      await expect(page.getByTestId('credits-badge')).toHaveText('0');
      const box = await header.evaluate((el) => el.getBoundingClientRect().height);
      expect(box, `${size.name} ${route}`).toBe(56);
      const help = await page.getByTestId('help-button').evaluate((el) => {
        const h = el.getBoundingClientRect();
        const p = (el.closest('header') as Element).getBoundingClientRect();
        return h.top >= p.top && h.bottom <= p.bottom && h.width === h.height;
      });
      expect(help, `${size.name} ${route}`).toBe(true);
    }
  }
  // 0 credits: the badge is highlighted; a Pro insider sees both labels (Settings on the phone).
  await expect(page.getByTestId('credits-badge')).toHaveAttribute('data-empty', 'true');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${baseUrl()}/settings`);
  await expect(page.getByTestId('settings-tier-label')).toHaveText(['Pro', 'Insider']);
  await expect(page.getByTestId('settings-connection-status')).toBeVisible();
  await expect(page.getByTestId('settings-copyright')).toHaveText(/2024/);
  await expect(page.getByRole('switch', { name: 'Light theme' })).toHaveAttribute('aria-checked', 'false');
});
