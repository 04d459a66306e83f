import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { makeImage } from '@neura/test-kit/images';
import { addTestMessages, createTestChat } from '@neura/test-kit/seed';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { modelApp } from '../support/model-app.js';
import { createSignedInUser, signIn, withSeed } from '../support/session.js';

/**
 * Organise (issue #49) in Chromium at both sizes: fork a chat from a message, import a character
 * card and export it again, and a daily spending limit that refuses a send with a message naming
 * it. Screenshots go to e2e/artifacts/screenshots/organise/.
 */
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
const SHOTS = path.join('artifacts', 'screenshots', 'organise');

const started = modelApp();

async function open(browser: Browser, size: (typeof SIZES)[number], credits = 40) {
  const user = await createSignedInUser({ credits, password: null }, started.app.dataDir);
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
  await signIn(context, user.token);
  return { user, page: await context.newPage() };
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled' });

/** A V2 card as other tools write it: a `chara` tEXt chunk after IDAT, just before IEND. */
async function v2CardPng(name: string): Promise<Buffer> {
  const picture = await makeImage(64, 96);
  const card = {
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: {
      name,
      description: '{{char}} keeps a lighthouse on a windy island.',
      personality: 'Patient and observant.',
      scenario: 'A stormy night at the lighthouse.',
      first_mes: 'Come in out of the rain, {{user}}.',
      mes_example: '',
      creator_notes: 'A quiet lighthouse keeper.',
      tags: ['cozy'],
      alternate_greetings: ['The lamp is lit.'],
      extensions: {},
    },
  };
  const data = Buffer.from(`chara\0${Buffer.from(JSON.stringify(card)).toString('base64')}`, 'latin1');
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write('tEXt', 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  const iend = picture.length - 12;
  return Buffer.concat([picture.subarray(0, iend), head, data, crc, picture.subarray(iend)]);
}

for (const size of SIZES) {
  test(`should fork a chat from a message and open the fork (${size.name})`, async ({ browser }) => {
    const { user, page } = await open(browser, size);
    const chat = await withSeed(async (target) => {
      const made = await createTestChat(target, user.id, 'mindful-coach', { name: 'Evening plans' });
      await addTestMessages(target, { id: made.id, userId: user.id }, [
        { role: 'user', content: 'Suggest a calm evening.' },
        { role: 'assistant', content: 'Take a slow walk at sunset.' },
        { role: 'user', content: 'And after that?' },
        { role: 'assistant', content: 'A warm tea and a book.' },
      ]);
      return made;
    }, started.app.dataDir);
    await page.goto(`${started.app.url}/chats/${chat.id}`);
    const first = page.locator('[data-role="assistant"]').first();
    await expect(first).toContainText('Take a slow walk at sunset.');
    await first.hover();
    // The toolbars in order: first question, first reply, second question, second reply.
    const toolbar = page.getByRole('toolbar', { name: 'Message actions' }).nth(1);
    await toolbar.getByRole('button', { name: 'More actions' }).click();
    await shot(page, `fork-menu-${size.name}`);
    await page.getByRole('menuitem', { name: 'Fork from here' }).click();

    await expect(page).not.toHaveURL(new RegExp(`/chats/${chat.id}$`));
    await expect(page).toHaveURL(/\/chats\/[0-9a-z]+$/);
    await expect(page.locator('[data-role="assistant"]')).toHaveCount(1);
    await expect(page.locator('[data-role="assistant"]')).toContainText('Take a slow walk at sunset.');
    await expect(page.locator('[data-role="user"]')).toHaveCount(1);
    await expect(page.getByText('Evening plans (fork)').first()).toBeVisible();
    await shot(page, `fork-opened-${size.name}`);
    await page.context().close();
  });

  test(`should import a character card and export it again (${size.name})`, async ({ browser }) => {
    const { page } = await open(browser, size);
    const name = `Keeper ${size.name}`;
    await page.goto(`${started.app.url}/create?tab=mine`);
    await expect(page.getByTestId('import-card')).toBeVisible();
    await shot(page, `cards-mine-${size.name}`);
    await page
      .getByTestId('import-card-input')
      .setInputFiles({ name: 'keeper.png', mimeType: 'image/png', buffer: await v2CardPng(name) });
    await expect(page).toHaveURL(/\/create\?edit=/);
    await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();
    await expect(page.getByText(`${name} was imported as a private draft.`)).toBeVisible();
    await shot(page, `cards-imported-${size.name}`);

    await page.goto(`${started.app.url}/create?tab=mine`);
    const row = page.getByTestId('my-persona').filter({ hasText: name });
    await expect(row).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Export the card of ${name} as PNG` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${name}.png`);
    const bytes = await readFile((await download.path()) as string);
    const text = bytes.toString('latin1');
    expect(text.indexOf('ccv3\0')).toBeGreaterThan(text.indexOf('IDAT'));
    expect(text).toContain('chara\0');
    await shot(page, `cards-exported-${size.name}`);
    await page.context().close();
  });

  test(`should refuse a send past the daily limit with a message naming it (${size.name})`, async ({ browser }) => {
    const { user, page } = await open(browser, size);
    const chat = await withSeed((target) => createTestChat(target, user.id, 'mindful-coach'), started.app.dataDir);
    await page.goto(`${started.app.url}/settings/credits`);
    const limits = page.getByTestId('spending-limits');
    await expect(limits).toBeVisible();
    await limits.getByLabel('Daily limit (credits)').fill('1');
    await limits.getByRole('button', { name: 'Save limits' }).click();
    await expect(page.getByText('Spending limits saved.')).toBeVisible();
    await expect(limits).toContainText('Spent today: 0 of 1');
    await limits.scrollIntoViewIfNeeded();
    await shot(page, `limit-set-${size.name}`);

    started.model.setScript({ chunks: ['Hello.'] });
    await page.goto(`${started.app.url}/chats/${chat.id}`);
    await expect(page.getByTestId('credits-badge')).toHaveText('40');
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Hello there');
    await box.press('Enter');
    const toast = page.getByRole('status').filter({ hasText: 'daily spending limit you set' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(/It resets at \d{4}-\d{2}-\d{2} 00:00 UTC/);
    await expect(toast.getByRole('link', { name: 'Change limit' })).toBeVisible();
    await expect(page.getByTestId('credits-badge')).toHaveText('40');
    await shot(page, `limit-refused-${size.name}`);
    await page.context().close();
  });
}
