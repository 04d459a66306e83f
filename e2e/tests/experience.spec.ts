import { fileURLToPath } from 'node:url';
import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { addTestMessages, createTestChat } from '@neura/test-kit/seed';
import { type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { describeViolations, seriousViolations } from '../support/axe.js';
import { createSignedInUser, type E2EUser, signIn, withSeed } from '../support/session.js';

/**
 * The experience, second pass (issue #41): a desktop shell that holds still (M1), no empty chat
 * left by a refused first message (M2), visitors browsing Explore (m1), people's words for ledger
 * rows (m3), search snippets that read as text (m4) and Continue as the same answer going on (m5).
 * An app of its own with a fake model and sandbox payments; screenshots go to
 * e2e/artifacts/screenshots/experience/.
 */
let fake: FakeOpenAI;
let app: ServerProcess;

const SHOTS = fileURLToPath(new URL('../artifacts/screenshots/experience/', import.meta.url));
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const THEMES = ['dark', 'light', 'blackout'] as const;

test.beforeAll(async () => {
  fake = await startFakeOpenAI({ chunks: ['Hello', ' there.'], delayMs: 5 });
  fake.setTitle('A Title');
  app = await startServerProcess({
    env: { PAYMENTS: 'sandbox', LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-model', LLM_API_KEY: 'sk-e2e' },
  });
});

test.afterAll(async () => {
  fake?.release();
  await app?.stop();
  await fake?.close();
});

async function seedUser(context: BrowserContext, options: Parameters<typeof createSignedInUser>[0] = {}) {
  const user = await createSignedInUser({ password: null, ...options }, app.dataDir);
  await signIn(context, user.token);
  return user;
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });

async function setTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.evaluate((t) => {
    const root = document.documentElement;
    root.classList.toggle('light', t === 'light');
    root.classList.toggle('dark', t !== 'light');
    root.classList.toggle('blackout', t === 'blackout');
  }, theme);
}

/** Screenshots at both sizes in the three themes (ends at the desktop size, dark), then axe. */
async function shoot(page: Page, name: string) {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const theme of THEMES) {
      await setTheme(page, theme);
      await page.screenshot({ path: `${SHOTS}${name}-${size}-${theme}.png`, animations: 'disabled' });
    }
  }
  await setTheme(page, 'dark');
  const violations = await seriousViolations(page);
  expect(violations, `${name}\n${describeViolations(violations)}`).toEqual([]);
}

async function userChats(user: E2EUser) {
  return withSeed((target) => target.chats.listForUser(user.id), app.dataDir);
}

test.describe('M1: a shell that holds still', () => {
  /** The pages longer than the window at 1366×900 (they must scroll), then shorter ones. */
  const LONG_ROUTES = ['/', '/settings', '/settings/credits', '/create', '/changelog', '/terms'];
  const OTHER_ROUTES = ['/pro', '/settings/pro', '/settings/data', '/settings/password', '/chats', '/no-such-page'];

  /** The tops of the sidebar and the header, and how far the content scrolled (window or column). */
  const layout = (page: Page) =>
    page.evaluate(() => {
      const top = (selector: string) => document.querySelector(selector)?.getBoundingClientRect() ?? null;
      const aside = top('aside[aria-label="Sidebar"]');
      const header = top('header');
      const main = document.getElementById('main');
      return {
        sidebarTop: aside && aside.height > 0 ? aside.top : null,
        sidebarBottom: aside && aside.height > 0 ? aside.bottom : null,
        headerTop: header?.top ?? null,
        scrolled: window.scrollY + (main?.scrollTop ?? 0),
        viewport: window.innerHeight,
      };
    });

  test('at 1366×900, scrolling a long page moves only the main column', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    const user = await seedUser(page.context(), { credits: 50 });
    // A credits history long enough to scroll /settings/credits.
    await withSeed(async (target) => {
      for (let i = 0; i < 12; i++)
        await target.credits.grant({ userId: user.id, amount: 1, reason: 'signup', key: `m1:${user.id}:${i}` });
    }, app.dataDir);
    for (const route of [...LONG_ROUTES, ...OTHER_ROUTES]) {
      await test.step(route, async () => {
        await page.goto(`${app.url}${route}`);
        await expect(page.getByTestId('view-title')).not.toBeEmpty();
        await page.locator('main h2').first().waitFor();
        await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
        await page.mouse.move(800, 500);
        for (let i = 0; i < 4; i++) await page.mouse.wheel(0, 800);
        if (LONG_ROUTES.includes(route))
          // The wheel again while polling: a wheel that came before the page's lazy parts made it
          // long enough scrolled nothing (seen on a slow machine, /create).
          await expect
            .poll(
              async () => {
                const { scrolled } = await layout(page);
                if (scrolled === 0) await page.mouse.wheel(0, 800);
                return scrolled;
              },
              { message: `${route} scrolls` },
            )
            .toBeGreaterThan(0);
        else await page.waitForTimeout(200);
        const seen = await layout(page);
        expect(seen.sidebarTop, `${route}: sidebar top`).toBeGreaterThanOrEqual(0);
        expect(seen.headerTop, `${route}: header top`).toBeGreaterThanOrEqual(0);
        // The sidebar's background reaches the bottom of the window (no blank column under it).
        expect(seen.sidebarBottom, `${route}: sidebar bottom`).toBeGreaterThanOrEqual(seen.viewport - 1);
        // The window itself never scrolls: the sidebar keeps New Chat and search in view.
        expect(await page.evaluate(() => window.scrollY), `${route}: window`).toBe(0);
        await expect(sidebar(page).getByRole('button', { name: 'New Chat' })).toBeInViewport();
      });
    }
  });

  test('at 390×844 the header and the tab bar stay put while the page scrolls', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await seedUser(page.context(), { credits: 50 });
    for (const route of ['/', '/settings', '/changelog']) {
      await page.goto(`${app.url}${route}`);
      await page.locator('main h2').first().waitFor();
      const tabs = page.getByRole('navigation', { name: 'Main' });
      const before = await tabs.boundingBox();
      await page.mouse.move(195, 400);
      for (let i = 0; i < 3; i++) await page.mouse.wheel(0, 700);
      await expect.poll(async () => (await layout(page)).scrolled).toBeGreaterThan(0);
      const seen = await layout(page);
      expect(seen.headerTop, `${route}: header top`).toBeGreaterThanOrEqual(0);
      // No layout jump: the tab bar sits at the bottom of the screen before and after.
      const after = await tabs.boundingBox();
      expect(after?.y).toBe(before?.y);
      expect((after?.y ?? 0) + (after?.height ?? 0)).toBeCloseTo(PHONE.height, 0);
    }
  });
});

test.describe('M2: a refused first message', () => {
  test('creates no chat, keeps the address and the sidebar, and keeps the text', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const user = await seedUser(page.context(), { credits: 0 });
    await page.goto(`${app.url}/chats/new?persona=pirate-storyteller`);
    await expect(page.getByTestId('chat-intro-name')).toHaveText('Captain Saltbeard');
    await expect(sidebar(page).getByTestId('chat-row')).toHaveCount(0);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Tell me about the sea');
    await box.press('Enter');
    const toast = page.getByTestId('toaster').getByRole('status');
    await expect(toast).toContainText('You do not have enough credits to send this message.');
    await expect(page).toHaveURL(`${app.url}/chats/new?persona=pirate-storyteller`);
    await expect(box).toHaveValue('Tell me about the sea');
    await expect(sidebar(page).getByTestId('chat-row')).toHaveCount(0);
    await expect(page.getByTestId('chat-intro-name')).toHaveText('Captain Saltbeard');
    expect(await userChats(user)).toEqual([]);

    // The client believes there are credits (the balance changed behind its back): the server
    // refuses, and still leaves nothing behind.
    await withSeed(
      (target) => target.credits.grant({ userId: user.id, amount: 5, reason: 'seed', key: `seed:m2a-${user.id}` }),
      app.dataDir,
    );
    await page.reload();
    await expect(page.getByTestId('credits-badge')).toHaveText('5');
    await withSeed(
      (target) => target.credits.grant({ userId: user.id, amount: -5, reason: 'seed', key: `seed:m2b-${user.id}` }),
      app.dataDir,
    );
    await box.fill('Second try');
    await box.press('Enter');
    await expect(page.getByTestId('toaster').getByRole('status').last()).toContainText('enough credits');
    await expect(page).toHaveURL(`${app.url}/chats/new?persona=pirate-storyteller`);
    await expect(box).toHaveValue('Second try');
    await expect(sidebar(page).getByTestId('chat-row')).toHaveCount(0);
    expect(await userChats(user)).toEqual([]);

    // With credits, the same draft becomes a chat with its first message.
    await withSeed(
      (target) => target.credits.grant({ userId: user.id, amount: 5, reason: 'seed', key: `seed:m2c-${user.id}` }),
      app.dataDir,
    );
    await page.reload();
    await box.fill('Now with credits');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/chats\/[a-z0-9]+$/);
    await expect(page.locator('[data-role="user"]')).toHaveText('Now with credits');
    await expect(page.locator('[data-role="assistant"]')).toContainText('Hello there.');
    await expect(sidebar(page).getByTestId('chat-row')).toHaveCount(1);
    expect(await userChats(user)).toHaveLength(1);
  });
});

test.describe('m1: visitors browse', () => {
  test('Browse as visitor lands on Explore; a card asks to sign in; a persona page shows', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${app.url}/`);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('browse-as-visitor').click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(`${app.url}/`);
    await expect(page.getByRole('heading', { level: 2, name: 'Explore' })).toBeVisible();
    await expect(page.getByTestId('persona-card').first()).toBeVisible();
    // The modal does not come back by itself while the visitor browses.
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Starting a chat is where sign-in comes in; closing it keeps the visitor on Explore.
    await page.getByRole('button', { name: 'Start a chat with Captain Saltbeard' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(`${app.url}/`);

    // A page that needs an account: Browse as visitor goes back to Explore.
    await page.goto(`${app.url}/settings`);
    await page.getByRole('dialog').getByTestId('browse-as-visitor').click();
    await expect(page).toHaveURL(`${app.url}/`);
    await expect(page.getByRole('heading', { level: 2, name: 'Explore' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // A persona's page reads without an account.
    await page.goto(`${app.url}/p/pirate-storyteller`);
    await expect(page.getByTestId('persona-link')).toContainText('Captain Saltbeard');
    await page.getByTestId('persona-link-start').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shoot(page, 'visitor-persona-signin');
    await page.goto(`${app.url}/`);
    await page.getByRole('dialog').getByTestId('browse-as-visitor').click();
    await shoot(page, 'visitor-explore');
  });
});

test.describe('m3: ledger rows in people’s words', () => {
  test('Credits history and the console say "Refund · reply failed" and "Starter pack"', async ({ browser }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const user = await seedUser(context, { credits: 10 });
    await withSeed((target) => target.users.update(user.id, { role: 'admin' }), app.dataDir);
    // A paid Starter pack (sandbox) and a reply that failed (refunded).
    const headers = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };
    const checkout = await fetch(`${app.url}/api/billing/checkout`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ product: 'starter' }),
    });
    const { orderId } = (await checkout.json()) as { orderId: string };
    await fetch(`${app.url}/api/billing/sandbox/${orderId}/complete`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ outcome: 'paid' }),
    });
    const page = await context.newPage();
    fake.setScript({ status: 500 });
    await page.goto(`${app.url}/chats/new?persona=default`);
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello?');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(page.locator('[data-role="assistant"]')).toHaveAttribute('data-status', 'failed');
    fake.setScript({ chunks: ['Hello', ' there.'], delayMs: 5 });

    await page.goto(`${app.url}/settings/credits`);
    const rows = page.getByTestId('ledger-row');
    await expect(rows.first()).toBeVisible();
    const texts = (await rows.allInnerTexts()).join('\n');
    expect(texts).toContain('Refund · reply failed');
    expect(texts).toContain('Starter pack');
    expect(texts).not.toMatch(/refund:|llm:|purchase ·|starter\b/);

    await page.goto(`${app.url}/admin`);
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('searchbox', { name: 'Search by email' }).fill(user.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: `Open ${user.email}` }).click();
    const console = page.locator('main');
    await expect(console.getByText('Refund · reply failed').first()).toBeVisible();
    await expect(console.getByText('Starter pack').first()).toBeVisible();
    await expect(console).not.toContainText('refund:llm');
    await expect(console).not.toContainText('purchase · starter');
    await context.close();
  });
});

test.describe('m4: search snippets', () => {
  test('read as plain text with the word in view, once per reply, with no "no chats" above hits', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const user = await seedUser(page.context(), { credits: 10 });
    const chat = await withSeed(
      (target) =>
        createTestChat(target, user.id, 'default', { name: 'Holiday', lastMessageAt: new Date().toISOString() }),
      app.dataDir,
    );
    const reply =
      '## Trip plan\n\nHere is a **plan** for your week away, with mornings by the water, long lunches in the ' +
      'old town, a day trip along the coast road and evenings kept free. Pack light: the flights are **short** ' +
      'and the rooms are small, so one bag each is plenty.\n\n- Day 1: arrive\n- Day 2: the *lighthouse*';
    const [question, earlier, current] = await withSeed(
      (target) =>
        addTestMessages(target, { id: chat.id, userId: user.id }, [
          { role: 'user', content: 'Plan my trip' },
          { role: 'assistant', content: reply, cost: 1 },
          { role: 'assistant', content: reply, cost: 1 },
        ]),
      app.dataDir,
    );
    await withSeed(async (target) => {
      await target.db
        .updateTable('messages')
        .set({ reply_to: question ?? '', superseded: 1 })
        .where('id', '=', earlier ?? '')
        .execute();
      await target.db
        .updateTable('messages')
        .set({ reply_to: question ?? '' })
        .where('id', '=', current ?? '')
        .execute();
    }, app.dataDir);

    await page.goto(`${app.url}/`);
    await sidebar(page).getByRole('searchbox').fill('lighthouse');
    const hits = sidebar(page).getByTestId('search-hit');
    await expect(hits).toHaveCount(1);
    await expect(sidebar(page).getByText('No chats match your search.')).toHaveCount(0);
    const hit = hits.first();
    await expect(hit).not.toContainText('##');
    await expect(hit).not.toContainText('**');
    await expect(hit).not.toContainText('*lighthouse*');

    await sidebar(page).getByRole('searchbox').fill('short');
    await expect(hits).toHaveCount(1);
    await expect(hits.first()).not.toContainText('**');
    // The matched word is on one of the lines shown (the snippet is cut to two lines).
    const mark = hits.first().locator('mark').first();
    const [markBox, lines] = await Promise.all([
      mark.boundingBox(),
      hits.first().getByTestId('search-snippet').boundingBox(),
    ]);
    expect(markBox).not.toBeNull();
    expect((markBox?.y ?? 0) + (markBox?.height ?? 0)).toBeLessThanOrEqual((lines?.y ?? 0) + (lines?.height ?? 0) + 1);
    await shoot(page, 'search-hits');

    await hits.first().click();
    await expect(page).toHaveURL(new RegExp(`/chats/${chat.id}\\?message=`));
    const focused = page.locator('[data-focused="true"]');
    await expect(focused).toBeVisible();
    // The outline is the bubble's own (inside it), not a ring around the row and its actions.
    await expect(focused.getByTestId('message-actions')).toHaveCount(0);
    await expect(focused).toContainText('Trip plan');
    const shadow = await focused.evaluate((el) => getComputedStyle(el).boxShadow);
    expect(shadow).toContain('inset');
    const [focusBox, listBox] = await Promise.all([
      focused.boundingBox(),
      page.getByTestId('message-list').boundingBox(),
    ]);
    expect(focusBox?.x ?? 0).toBeGreaterThanOrEqual(listBox?.x ?? 0);
    expect((focusBox?.x ?? 0) + (focusBox?.width ?? 0)).toBeLessThanOrEqual((listBox?.x ?? 0) + (listBox?.width ?? 0));
  });
});

test.describe('m5: Continue', () => {
  test('carries the same answer on, with its price on the button and no "Continue from where you stopped." bubble', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    const user = await seedUser(page.context(), { credits: 20 });
    const chat = await withSeed((target) => createTestChat(target, user.id, 'pirate-storyteller'), app.dataDir);
    const [, cut] = await withSeed(
      (target) =>
        addTestMessages(target, { id: chat.id, userId: user.id }, [
          { role: 'user', content: 'Tell me a long story' },
          { role: 'assistant', content: 'Once upon a time, in a kingdom by the sea, there lived', cost: 1 },
        ]),
      app.dataDir,
    );
    await withSeed(
      (target) =>
        target.db
          .updateTable('messages')
          .set({ finish_reason: 'length' })
          .where('id', '=', cut ?? '')
          .execute(),
      app.dataDir,
    );
    fake.setScript({ chunks: [' a princess', ' who sailed', ' the sea.'], delayMs: 5 });
    await page.goto(`${app.url}/chats/${chat.id}`);
    const replies = page.locator('[data-role="assistant"]');
    await expect(replies).toHaveCount(1);
    const button = page.getByRole('button', { name: /^Continue/ });
    await expect(button).toContainText('1 credit');
    await button.click();
    await expect(page.getByText('Continue from where you stopped.')).toHaveCount(0);
    await expect(page.locator('[data-role="user"]')).toHaveCount(1);
    // One answer: the continuation is written into the same reply.
    await expect(replies).toHaveCount(1);
    await expect(replies.first()).toContainText('there lived a princess who sailed the sea.');
    await expect(replies.first()).toHaveAttribute('data-status', 'complete');
    await expect(page.getByTestId('reply-outcome')).toHaveCount(0);
    await expect(page.getByTestId('credits-badge')).toHaveText('19');
    fake.setScript({ chunks: ['Hello', ' there.'], delayMs: 5 });
    await shoot(page, 'continued');

    // m6: the receipt of a reply near the top opens below its chip, whole, inside the thread.
    await page.setViewportSize(DESKTOP);
    const actions = page.getByTestId('message-actions').last();
    await actions.hover();
    await actions.getByRole('button', { name: /receipt/i }).click();
    const receipt = page.getByRole('dialog', { name: 'Receipt' });
    await expect(receipt).toHaveAttribute('data-placement', 'below');
    const [box, list] = await Promise.all([receipt.boundingBox(), page.getByTestId('message-list').boundingBox()]);
    expect(box?.y ?? 0).toBeGreaterThanOrEqual(list?.y ?? 0);
    await expect(receipt).toContainText('2 credits');
  });
});
