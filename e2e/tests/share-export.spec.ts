import fs from 'node:fs';
import { makeImage } from '@neura/test-kit/images';
import { addTestMessages, createTestChat } from '@neura/test-kit/seed';
import { readTarGz } from '@neura/test-kit/tar';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { sql } from 'kysely';
import { baseUrl } from '../support/app.js';
import { createSignedInUser, type E2EUser, signIn, withSeed } from '../support/session.js';

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
const rowMenu = (page: Page, chatId: string) =>
  sidebar(page)
    .locator(`[data-testid="chat-row"][data-chat-id="${chatId}"]`)
    .getByRole('button', { name: /Chat options for/ });

async function signedInPage(browser: Browser, user: E2EUser, viewport = { width: 1366, height: 900 }) {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  await signIn(context, user.token);
  return { context, page: await context.newPage() };
}

/** A chat of 60 messages; message 10 holds `word`, found nowhere else. */
async function seedChat(user: E2EUser, word: string) {
  return withSeed(async (target) => {
    const chat = await createTestChat(target, user.id, 'default', { name: 'Bridges of Königsberg' });
    const start = Date.now() - 60 * 60_000;
    const ids = await addTestMessages(
      target,
      { id: chat.id, userId: user.id },
      Array.from({ length: 60 }, (_, i) => ({
        role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
        content:
          i === 10
            ? `Euler proved the walk impossible: a ${word} would agree.`
            : `Message number ${i} about **graphs**.`,
        at: new Date(start + i * 1000).toISOString(),
      })),
    );
    return { chatId: chat.id, ids };
  });
}

async function downloadText(
  page: Page,
  click: () => Promise<void>,
): Promise<{ name: string; text: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  return { name: download.suggestedFilename(), text: bytes.toString('utf8'), bytes };
}

test.describe('search, share, export and my data', () => {
  test('should find a message, open the chat at it, share the chat, revoke the link and export it', async ({
    browser,
  }) => {
    const user = await createSignedInUser();
    const { chatId, ids } = await seedChat(user, 'quokka');
    const { context, page } = await signedInPage(browser, user);
    await page.goto(`${baseUrl()}/`);

    // Full-text search from the sidebar: the snippet highlights the word; the result opens the chat at it.
    await sidebar(page).getByRole('searchbox', { name: 'Search chats' }).fill('quokka');
    const hit = sidebar(page).getByTestId('search-hit');
    await expect(hit).toHaveCount(1);
    await expect(hit.locator('mark')).toHaveText('quokka');
    await hit.click();
    await expect(page).toHaveURL(`${baseUrl()}/chats/${chatId}?message=${ids[10]}`);
    await expect(page.locator('[data-focused="true"]')).toContainText('quokka');
    await expect(page.locator('[data-focused="true"]')).toBeInViewport();
    await page.screenshot({ path: 'artifacts/search-1366.png' });
    await sidebar(page).getByRole('searchbox', { name: 'Search chats' }).fill('');

    // Share: the link opens in a fresh context without an account.
    await rowMenu(page, chatId).click();
    await page.getByRole('button', { name: 'Share Chat' }).click();
    const dialog = page.getByTestId('share-dialog');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const link = await dialog.getByLabel('Shared link').inputValue();
    expect(link).toMatch(new RegExp(`^${baseUrl()}/share/[A-Za-z0-9_-]{20,}$`));
    await dialog.getByRole('button', { name: 'Close' }).click();

    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const reader = await visitor.newPage();
    await reader.goto(link);
    await expect(reader.getByTestId('shared-title')).toHaveText('Bridges of Königsberg');
    await expect(reader.getByTestId('shared-message')).toHaveCount(60);
    await expect(reader.getByText('Euler proved the walk impossible')).toBeVisible();
    await expect(reader.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(reader.getByRole('textbox')).toHaveCount(0);
    await expect(reader.getByTestId('shared-cta')).toContainText('Start your own chat with');
    await reader.screenshot({ path: 'artifacts/share-390.png' });

    // A message sent after sharing stays out of the snapshot.
    await withSeed((target) =>
      addTestMessages(target, { id: chatId, userId: user.id }, [{ role: 'user', content: 'A private afterthought' }]),
    );
    await reader.reload();
    await expect(reader.getByTestId('shared-message')).toHaveCount(60);
    await expect(reader.getByText('A private afterthought')).toHaveCount(0);

    // Export as Markdown and JSON from the chat's menu: every message is in both.
    await rowMenu(page, chatId).click();
    const md = await downloadText(page, () => page.getByRole('button', { name: 'Export as Markdown' }).click());
    expect(md.name).toBe('bridges-of-konigsberg.md');
    for (const id of ids) expect(md.text).toContain(`<!-- message ${id} -->`);
    expect(md.text).toContain('A private afterthought');
    await rowMenu(page, chatId).click();
    const json = await downloadText(page, () => page.getByRole('button', { name: 'Export as JSON' }).click());
    const data = JSON.parse(json.text) as { messages: Array<{ id: string; content: string }> };
    expect(data.messages).toHaveLength(61);
    expect(data.messages.map((m) => m.id)).toEqual(expect.arrayContaining(ids));

    // Settings › Your data lists the link; removing it makes the link say so.
    await page.goto(`${baseUrl()}/settings/data`);
    const links = page.getByTestId('shared-links');
    await expect(links).toContainText('Bridges of Königsberg');
    await page.screenshot({ path: 'artifacts/your-data-1366.png' });
    await links.getByRole('button', { name: 'Remove link' }).click();
    await expect(page.getByText('You have not shared any chats.')).toBeVisible();
    await reader.reload();
    await expect(reader.getByTestId('share-removed')).toContainText('This link was removed');
    // A way onward (issue #41 p6): to Explore, where a visitor may browse.
    await reader.getByRole('link', { name: 'Explore Neura' }).click();
    await expect(reader).toHaveURL(`${baseUrl()}/`);
    await visitor.close();
    await context.close();
  });

  test('should download an archive of my data, and leave nothing after the account is deleted', async ({ browser }) => {
    const user = await createSignedInUser({ password: 'e2e archive password' });
    const { chatId, ids } = await seedChat(user, 'wombat');
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${baseUrl()}/api${path}`, {
        ...init,
        headers: { authorization: `Bearer ${user.token}`, ...(init.headers ?? {}) },
      });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await makeImage(20, 20))], { type: 'image/png' }), 'p.png');
    const uploaded = (await (await api('/files', { method: 'POST', body: form })).json()) as { id: string };
    expect(
      (
        await api('/feedback', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'feedback', about: 'helpDocs.faq', message: 'Archive me' }),
        })
      ).status,
    ).toBeLessThan(300);

    const { context, page } = await signedInPage(browser, user, { width: 390, height: 844 });
    await page.goto(`${baseUrl()}/settings`);
    await page.getByRole('link', { name: 'Your data and shared links' }).click();
    await page.getByRole('button', { name: 'Prepare archive' }).click();
    const download = page.getByRole('button', { name: 'Download archive' });
    await expect(download).toBeVisible({ timeout: 60_000 });
    await page.screenshot({ path: 'artifacts/your-data-390.png' });
    const archive = await downloadText(page, () => download.click());
    expect(archive.name).toMatch(/^neura-data-.*\.tar\.gz$/);
    const entries = readTarGz(archive.bytes);
    const read = (name: string) => JSON.parse(entries.get(name)?.toString('utf8') ?? 'null');
    expect(read('account.json').account.email).toBe(user.email);
    expect(read('ledger.json').length).toBeGreaterThan(0);
    expect(read('orders.json')).toHaveProperty('orders');
    expect(read('feedback.json')[0].message).toBe('Archive me');
    expect(read(`chats/${chatId}.json`).messages.map((m: { id: string }) => m.id)).toEqual(ids);
    expect(entries.has(`files/${uploaded.id}.png`)).toBe(true);

    // Delete the account; then no table holds a row of the user.
    await page.goto(`${baseUrl()}/settings/delete`);
    await page.getByLabel('Password').fill('e2e archive password');
    await page.getByRole('checkbox').check();
    await page
      .getByRole('button', { name: /Delete/ })
      .last()
      .click();
    await expect(page).toHaveURL(`${baseUrl()}/`);
    const left = await withSeed(async ({ db }) => {
      const tables = (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(db))
        .rows;
      const found: string[] = [];
      for (const { name } of tables) {
        const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(db);
        for (const row of rows) {
          const text = JSON.stringify(row, (_k, v) => (Buffer.isBuffer(v) ? v.toString('latin1') : v));
          if ([user.id, user.email, chatId, 'wombat', 'Archive me'].some((n) => text.includes(n))) found.push(name);
        }
      }
      return found;
    });
    expect(left).toEqual([]);
    // The file is gone too (an unknown file and a revoked session read the same 404).
    expect(
      (await fetch(`${baseUrl()}/api/files/${uploaded.id}`, { headers: { authorization: `Bearer ${user.token}` } }))
        .status,
    ).toBe(404);
    await context.close();
  });
});
