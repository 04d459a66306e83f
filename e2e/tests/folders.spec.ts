import path from 'node:path';
import { createTestChat } from '@neura/test-kit/seed';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { baseUrl } from '../support/app.js';
import { createSignedInUser, type E2EUser, signIn, withSeed } from '../support/session.js';

/**
 * Folders (issue #49) in Chromium at both sizes: make a folder, file chats by the chat menu (and by
 * drag and drop on desktop), collapse it, see it live on a second device, rename and delete it
 * (its chats stay). Screenshots go to e2e/artifacts/screenshots/folders/.
 */
const SIZES = [
  { name: 'phone', width: 390, height: 844, list: '/chats' },
  { name: 'desktop', width: 1366, height: 900, list: '/' },
] as const;
const SHOTS = path.join('artifacts', 'screenshots', 'folders');

async function device(browser: Browser, user: E2EUser, size: (typeof SIZES)[number]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
  await signIn(context, user.token);
  const page = await context.newPage();
  await page.goto(`${baseUrl()}${size.list}`);
  return page;
}

/** The visible chat list (the sidebar on desktop, the Chats page on a phone). */
const list = (page: Page, size: (typeof SIZES)[number]) =>
  size.name === 'desktop' ? page.getByRole('complementary', { name: 'Sidebar' }) : page.getByRole('main');
const heading = (page: Page, size: (typeof SIZES)[number], name: string) =>
  list(page, size).getByTestId('folder-heading').filter({ hasText: name });
const row = (page: Page, size: (typeof SIZES)[number], name: string) =>
  list(page, size).getByTestId('chat-row').filter({ hasText: name });

async function fileByMenu(page: Page, size: (typeof SIZES)[number], chat: string, folder: string) {
  await row(page, size, chat)
    .getByRole('button', { name: `Chat options for ${chat}` })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Move to folder' }).click();
  await page.getByTestId('folder-choices').getByRole('button', { name: folder }).click();
}

for (const size of SIZES) {
  test(`should make, fill, collapse, rename and delete a folder, live on another device (${size.name})`, async ({
    browser,
  }) => {
    const user = await createSignedInUser();
    await withSeed(async (target) => {
      for (const name of ['Tax return', 'Holiday plan', 'Gift ideas']) {
        await createTestChat(target, user.id, 'default', { name, preview: `About ${name}` });
      }
    });
    const page = await device(browser, user, size);
    const other = await device(browser, user, size);
    await expect(row(page, size, 'Tax return')).toBeVisible();
    await expect(row(other, size, 'Tax return')).toBeVisible();

    await list(page, size).getByRole('button', { name: 'New folder' }).click();
    await page.getByTestId('folder-name').fill('Paperwork');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(heading(page, size, 'Paperwork')).toBeVisible();
    // Live: the other device shows it without a reload.
    await expect(heading(other, size, 'Paperwork')).toBeVisible();

    await fileByMenu(page, size, 'Tax return', 'Paperwork');
    if (size.name === 'desktop') {
      await row(page, size, 'Gift ideas').dragTo(heading(page, size, 'Paperwork'));
    } else {
      await fileByMenu(page, size, 'Gift ideas', 'Paperwork');
    }
    await expect(heading(page, size, 'Paperwork')).toContainText('2');
    // The folder's chats come right under its heading, before the unfiled ones.
    const names = list(page, size).getByTestId('chat-row-name');
    await expect(names).toHaveText(['Gift ideas', 'Tax return', 'Holiday plan']);
    await expect(heading(other, size, 'Paperwork')).toContainText('2');
    await page.screenshot({ path: path.join(SHOTS, `filed-${size.name}.png`), animations: 'disabled' });

    await heading(page, size, 'Paperwork').getByRole('button', { name: 'Hide the chats in Paperwork' }).click();
    await expect(row(page, size, 'Tax return')).toHaveCount(0);
    await expect(row(page, size, 'Holiday plan')).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `collapsed-${size.name}.png`), animations: 'disabled' });
    await heading(page, size, 'Paperwork').getByRole('button', { name: 'Show the chats in Paperwork' }).click();
    await expect(row(page, size, 'Tax return')).toBeVisible();

    await heading(page, size, 'Paperwork').getByRole('button', { name: 'Folder options: Paperwork' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
    await page.getByTestId('folder-name').fill('Admin');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(heading(page, size, 'Admin')).toBeVisible();
    await expect(heading(other, size, 'Admin')).toBeVisible();

    await heading(page, size, 'Admin').getByRole('button', { name: 'Folder options: Admin' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete folder' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete folder' }).click();
    await expect(list(page, size).getByTestId('folder-heading')).toHaveCount(0);
    await expect(list(other, size).getByTestId('folder-heading')).toHaveCount(0);
    // Its chats stay, unfiled, on both devices.
    await expect(list(page, size).getByTestId('chat-row')).toHaveCount(3);
    await expect(list(other, size).getByTestId('chat-row')).toHaveCount(3);
    await page.context().close();
    await other.context().close();
  });
}
