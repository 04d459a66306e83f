import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { baseUrl } from '../support/app.js';
import { createSignedInUser, type E2EUser, signIn } from '../support/session.js';

/**
 * Temporary chats (issue #49) in Chromium at both sizes: turned on in New Chat (desktop) or in the
 * draft (phone), marked while open, never in the list of this or another device, and gone as soon
 * as the user leaves it. Screenshots go to e2e/artifacts/screenshots/temporary-chat/.
 */
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
const SHOTS = path.join('artifacts', 'screenshots', 'temporary-chat');

async function device(browser: Browser, user: E2EUser, size: (typeof SIZES)[number]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
  await signIn(context, user.token);
  return context.newPage();
}

const chatIdOf = (page: Page) => /\/chats\/([^/]+)$/.exec(new URL(page.url()).pathname)?.[1] ?? '';

for (const size of SIZES) {
  test(`should mark a temporary chat, keep it out of every list and delete it on leaving (${size.name})`, async ({
    browser,
  }) => {
    const user = await createSignedInUser();
    const page = await device(browser, user, size);
    const other = await device(browser, user, size);
    await other.goto(`${baseUrl()}/chats`);

    if (size.name === 'desktop') {
      await page.goto(`${baseUrl()}/`);
      await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'New Chat' }).click();
      const modal = page.getByRole('dialog', { name: 'New Chat' });
      await modal.getByRole('switch', { name: 'Temporary chat' }).check();
      await modal.getByTestId('newchat-persona').filter({ hasText: 'Scout' }).click();
      await modal.getByRole('button', { name: 'Start Chat' }).click();
    } else {
      await page.goto(`${baseUrl()}/chats/new?persona=scout`);
      await expect(page.getByTestId('temporary-banner')).toHaveCount(0);
      await page.getByRole('switch', { name: 'Temporary chat' }).check();
    }
    await expect(page).toHaveURL(/\/chats\/new\?persona=scout&temporary=1$/);
    await expect(page.getByTestId('temporary-banner')).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `draft-${size.name}.png`), animations: 'disabled' });

    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('A secret I do not want kept');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/chats\/[a-z0-9]+$/);
    const chatId = chatIdOf(page);
    await expect(page.getByRole('main').getByText('A secret I do not want kept')).toBeVisible();
    await expect(page.getByTestId('temporary-banner')).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `open-${size.name}.png`), animations: 'disabled' });

    // Not in this device's list, nor in the other device's (live or after a reload).
    if (size.name === 'desktop') {
      await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByTestId('chat-row')).toHaveCount(0);
    }
    await expect(other.locator(`[data-chat-id="${chatId}"]`)).toHaveCount(0);
    await other.reload();
    await expect(other.getByRole('main').getByText('No chats yet', { exact: false })).toBeVisible();
    await expect(other.locator(`[data-chat-id="${chatId}"]`)).toHaveCount(0);

    // Leaving it (the header's way back to the chats) deletes it: its address is gone.
    await page.getByRole('banner').getByRole('button', { name: 'Chats' }).click();
    await expect(page).toHaveURL(/\/chats$/);
    await expect
      .poll(async () => {
        const res = await page.request.get(`${baseUrl()}/api/users/me/chats/${chatId}`, {
          headers: { authorization: `Bearer ${user.token}` },
        });
        return res.status();
      })
      .toBe(404);
    await page.context().close();
    await other.context().close();
  });
}

/**
 * Leaving by closing the tab (issue #49): the page's `pagehide` sends the chat's delete as a
 * keepalive request. The server's own grace for a tab that never said goodbye is minutes long, so
 * a chat gone within the poll below went by the pagehide path.
 */
for (const size of SIZES) {
  test(`should delete a temporary chat when its tab is closed (${size.name})`, async ({ browser }) => {
    const user = await createSignedInUser();
    const page = await device(browser, user, size);
    await page.goto(`${baseUrl()}/chats/new?persona=scout&temporary=1`);
    await expect(page.getByTestId('temporary-banner')).toBeVisible();
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Forget this when I close the tab');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/chats\/[a-z0-9]+$/);
    const chatId = chatIdOf(page);
    await expect(page.getByRole('main').getByText('Forget this when I close the tab')).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `before-close-${size.name}.png`), animations: 'disabled' });
    const status = async () =>
      (
        await page.context().request.get(`${baseUrl()}/api/users/me/chats/${chatId}`, {
          headers: { authorization: `Bearer ${user.token}` },
        })
      ).status();
    expect(await status()).toBe(200);

    await page.close({ runBeforeUnload: true });
    await expect.poll(status).toBe(404);
    await page.context().close();
  });
}
