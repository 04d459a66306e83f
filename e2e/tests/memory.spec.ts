import path from 'node:path';
import { toolScript } from '@neura/test-kit/fakes/openai';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { modelApp, openChatAs } from '../support/model-app.js';

/**
 * Memory (issue #44) in Chromium at both sizes: the user tells a persona something, the fake model
 * calls `remember`, the chat shows "Memory updated", the settings page lists it (saved by the
 * model) and the user deletes it. Screenshots of the page, dark and light, go to
 * e2e/artifacts/screenshots/memory/.
 */
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const SHOTS = path.join('artifacts', 'screenshots', 'memory');

const started = modelApp();

const open = (browser: Browser, size: (typeof SIZES)[number]) => openChatAs(browser, started.app, size);

async function shoot(page: Page, name: string) {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => {
      document.documentElement.classList.toggle('light', t === 'light');
      document.documentElement.classList.toggle('dark', t !== 'light');
    }, theme);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${theme}.png`), animations: 'disabled', fullPage: true });
  }
  await page.evaluate(() => {
    document.documentElement.classList.remove('light');
    document.documentElement.classList.add('dark');
  });
}

for (const size of SIZES) {
  test(`should remember what the user tells a persona, list it in settings and delete it (${size.name})`, async ({
    browser,
  }) => {
    const fact = `My cat is called Miso (${size.name}).`;
    started.model.setScript(
      toolScript({
        calls: [{ name: 'remember', arguments: JSON.stringify({ text: fact }) }],
        after: ['I will remember Miso.'],
      }),
    );
    const { page, chatId } = await open(browser, size);
    await page.goto(`${started.app.url}/chats/${chatId}`);
    await expect(page.getByTestId('credits-badge')).toHaveText('40');
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Remember that my cat is called Miso');
    await box.press('Enter');

    const reply = page.locator('[data-role="assistant"]');
    await expect(reply).toHaveAttribute('data-status', 'complete');
    const note = reply.getByTestId('memory-note');
    await expect(note).toContainText('Memory updated');
    await expect(note).toContainText(fact);
    await page.screenshot({ path: path.join(SHOTS, `chat-note-${size.name}.png`), animations: 'disabled' });

    await note.getByRole('link', { name: 'Manage memory' }).click();
    await expect(page).toHaveURL(/\/settings\/memory$/);
    const item = page.getByTestId('memory-item').filter({ hasText: fact });
    await expect(item).toContainText('Saved by the model');
    await expect(item).toContainText('Mindful Coach');
    await shoot(page, `settings-${size.name}`);

    // Keyboard: the item's Delete button is reachable and works with Enter.
    const remove = item.getByRole('button', { name: `Delete “${fact}”` });
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('memory-item')).toHaveCount(0);
    await expect(page.getByText(/Nothing remembered yet/)).toBeVisible();
    await page.context().close();
  });
}
