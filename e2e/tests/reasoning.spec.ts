import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { addTestMessages, createTestChat, ledgerAfterSeed } from '@neura/test-kit/seed';
import { type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { expect, type Page, test } from '@playwright/test';
import { createSignedInUser, signIn, withSeed } from '../support/session.js';

/**
 * Reasoning models and how a reply ended (issue #24), against an app whose model is the fake
 * OpenAI-compatible server: it streams `reasoning_content` deltas before the answer, as DeepSeek,
 * xAI, Qwen and vLLM do. Screenshots (both sizes, three themes) go to
 * e2e/artifacts/screenshots/reasoning/.
 */
let fake: FakeOpenAI;
let app: ServerProcess;

const SHOTS = fileURLToPath(new URL('../artifacts/screenshots/reasoning/', import.meta.url));
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
const THEMES = ['dark', 'light', 'blackout'] as const;

test.beforeAll(async () => {
  fake = await startFakeOpenAI();
  app = await startServerProcess({
    env: { LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-reasoner', LLM_API_KEY: 'sk-e2e', LOG_LEVEL: 'info' },
  });
});

test.afterAll(async () => {
  fake?.release();
  await app?.stop();
  await fake?.close();
});

async function seedUser(page: Page, credits: number, role?: 'admin') {
  const user = await createSignedInUser({ credits, password: null }, app.dataDir);
  if (role)
    await withSeed(
      (target) => target.db.updateTable('users').set({ role }).where('id', '=', user.id).execute(),
      app.dataDir,
    );
  const chat = await withSeed((target) => createTestChat(target, user.id), app.dataDir);
  await signIn(page.context(), user.token);
  return { userId: user.id, chatId: chat.id };
}

async function setTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.evaluate((t) => {
    const root = document.documentElement;
    root.classList.toggle('light', t === 'light');
    root.classList.toggle('dark', t !== 'light');
    root.classList.toggle('blackout', t === 'blackout');
  }, theme);
}

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

test('should stream a Thinking block that collapses when the answer starts, and expands on demand', async ({
  page,
}) => {
  fake.setScript({
    reasoning: ['The user wants ', 'a haiku about ', 'autumn. ', 'Five, seven, five.'],
    holdAfterReasoning: true,
    chunks: ['Crisp leaves drift and fall,', '\nthe maple lets go of red —', '\nwind keeps what it finds.'],
    // Held again after the first line of the answer, so the collapse is seen while the reply streams.
    holdAfter: 1,
    delayMs: 30,
  });
  const { chatId } = await seedUser(page, 20);
  await page.goto(`${app.url}/chats/${chatId}`);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('A haiku about autumn, please');
  await box.press('Enter');

  const reply = page.locator('[data-role="assistant"]');
  const thinking = reply.getByTestId('thinking');
  // While the model thinks: open, streaming, the reasoning shown as it arrives, no answer yet.
  await expect(thinking).toHaveAttribute('data-state', 'streaming');
  const toggle = thinking.getByRole('button');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(thinking).toContainText('The user wants a haiku about autumn. Five, seven, five.');
  await expect(reply).toHaveAttribute('data-status', 'streaming');
  await shoot(page, 'streaming');

  // The answer starts: the block collapses above it while the answer streams.
  fake.release();
  await expect(reply).toContainText('Crisp leaves drift and fall,');
  await expect(thinking).toHaveAttribute('data-state', 'done');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toHaveText('Thinking');
  await expect(thinking.getByText('Five, seven, five.')).toBeHidden();
  await expect(reply).toHaveAttribute('data-status', 'streaming');
  await shoot(page, 'answering');

  fake.release();
  await expect(reply).toHaveAttribute('data-status', 'complete');
  await expect(reply).toContainText('wind keeps what it finds.');
  await expect(thinking).toHaveAttribute('data-state', 'done');

  // Keyboard: focus and Enter opens it, Space closes it.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(thinking.getByText(/Five, seven, five\./)).toBeVisible();
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // The reasoning is kept with the reply (a reload shows it collapsed) and never sent back as the answer.
  await page.reload();
  await expect(page.locator('[data-role="assistant"]').getByTestId('thinking')).toHaveAttribute('data-state', 'done');
  // The next reply streams straight through (the script above holds twice for its release).
  fake.setScript({ chunks: ['Here is ', 'another.'] });
  await box.fill('Another?');
  await box.press('Enter');
  await expect(page.locator('[data-role="assistant"]').nth(1)).toHaveAttribute('data-status', 'complete');
  const prompt = JSON.stringify(fake.requests.filter((r) => r.body.stream === true).at(-1)?.body.messages);
  expect(prompt).not.toContain('Five, seven, five');
});

test('should mark a reply cut short, continue it as the same answer (a new paid reply), and show admins its tokens', async ({
  page,
}) => {
  fake.setScript({ chunks: [' and they lived', ' happily ever after.'] });
  const { userId, chatId } = await seedUser(page, 20, 'admin');
  // Replies as the engine stores them (reasoning, finish reason, model and usage; issue #24).
  const ids = await withSeed(
    (target) =>
      addTestMessages(target, { id: chatId, userId }, [
        { role: 'user', content: 'Is this allowed?' },
        { role: 'assistant', content: 'I can’t help with', cost: 1 },
        { role: 'user', content: 'Tell me a long story' },
        { role: 'assistant', content: 'Once upon a time, in a kingdom by the sea, there lived', cost: 1 },
      ]),
    app.dataDir,
  );
  const [, filtered, , cut] = ids;
  await withSeed(async (target) => {
    await target.db
      .updateTable('messages')
      .set({ finish_reason: 'content_filter', model: 'fake-reasoner' })
      .where('id', '=', filtered ?? '')
      .execute();
    await target.db
      .updateTable('messages')
      .set({
        finish_reason: 'length',
        model: 'fake-reasoner',
        reasoning: 'A fairy tale. Keep it long.',
        input_tokens: 1234,
        output_tokens: 4096,
        reasoning_tokens: 512,
        cached_input_tokens: 1024,
      })
      .where('id', '=', cut ?? '')
      .execute();
  }, app.dataDir);

  await page.goto(`${app.url}/chats/${chatId}`);
  const replies = page.locator('[data-role="assistant"]');
  await expect(replies.nth(0).getByTestId('reply-outcome')).toHaveText("Stopped by the provider's content filter.");
  const outcome = replies.nth(1).getByTestId('reply-outcome');
  await expect(outcome).toContainText('Cut short — the reply hit the length limit.');
  await expect(replies.nth(0).getByRole('button', { name: 'Continue' })).toHaveCount(0);

  // An admin's receipt shows the model and the token counts.
  const last = page.getByTestId('message-actions').last();
  await last.hover();
  await last.getByRole('button', { name: /Show receipt/ }).click();
  const usage = page.getByRole('dialog', { name: 'Receipt' }).getByTestId('receipt-usage');
  await expect(usage).toContainText('fake-reasoner');
  await expect(usage).toHaveText('Modelfake-reasonerTokensInput1,234Output4,096Reasoning512Cached input1,024');
  await shoot(page, 'cut-short-receipt');
  await page.keyboard.press('Escape');

  await replies.nth(1).getByTestId('thinking').getByRole('button', { name: 'Thinking' }).click();
  await shoot(page, 'cut-short-thinking-open');

  // The price is on the button (issue #41); the answer goes on in the same reply, with no
  // "Continue from where you stopped." message of the user's.
  await outcome.getByRole('button', { name: 'Continue · 1 credit' }).click();
  await expect(page.locator('[data-role="user"]')).toHaveCount(2);
  await expect(page.getByText('Continue from where you stopped.')).toHaveCount(0);
  await expect(replies).toHaveCount(2);
  await expect(replies.nth(1)).toHaveAttribute('data-status', 'complete');
  await expect(replies.nth(1)).toContainText('there lived and they lived happily ever after.');
  // Once continued, the answer is no longer cut short: no note, no Continue.
  await expect(page.getByTestId('reply-outcome')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Continue/ })).toHaveCount(0);
  await expect(page.getByTestId('credits-badge')).toHaveText('19');
  const ledger = await withSeed((target) => ledgerAfterSeed(target, userId), app.dataDir);
  expect(ledger.map((r) => r.amount)).toEqual([-1]);
  await shoot(page, 'continued');
});
