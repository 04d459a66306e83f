import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addTestMessages, createTestChat, createTestUser } from '@neura/test-kit/seed';
import { expect, type Page, test } from '@playwright/test';
import { pcmToWav, readWav } from '../../server/src/speech/wav.js';
import { baseUrl } from '../support/app.js';
import { chromiumPath } from '../support/browser.js';
import { withSeed } from '../support/session.js';

/**
 * Voice in Chromium: the fake microphone plays a flite recording (what a person would say), the
 * app streams it over /voice to pocketsphinx and the words land in the message box; the speaker
 * on a reply plays flite audio for a Pro user and opens the subscribe modal for everyone else.
 */
const SENTENCE = 'please search the web for the latest news';
const audioDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-e2e-voice-'));
const speechWav = path.join(audioDir, 'speech.wav');
const speechText = path.join(audioDir, 'speech.txt');
fs.writeFileSync(speechText, SENTENCE);
execFileSync('flite', ['-voice', 'slt', '-f', speechText, '-o', speechWav]);
// Chromium loops the file from the moment the microphone opens: a second of silence on each side
// makes the loop a person saying the sentence, pausing, and saying it again.
const silence = Buffer.alloc(32_000);
fs.writeFileSync(speechWav, pcmToWav(Buffer.concat([silence, readWav(fs.readFileSync(speechWav)).data, silence])));
/** One loop of the fake microphone: 16 kHz, 16-bit mono after the 44-byte header. */
const loopMs = Math.ceil(((fs.statSync(speechWav).size - 44) / 32_000) * 1000);

test.use({
  permissions: ['microphone'],
  launchOptions: {
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${speechWav}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

/** A user (Pro or not) with a chat holding one question and one assistant reply. */
function seedChat(pro: boolean, reply: string): Promise<{ token: string; chatId: string }> {
  return withSeed(async (target) => {
    const proExpiry = pro ? new Date(Date.now() + 30 * 86_400_000).toISOString() : null;
    const user = await createTestUser(target, { proExpiry, password: null });
    const chat = await createTestChat(target, user.id, 'default', { name: 'Voice chat' });
    await addTestMessages(target, { id: chat.id, userId: user.id }, [
      { role: 'user', content: 'Tell me something' },
      { role: 'assistant', content: reply },
    ]);
    return { token: user.token, chatId: chat.id };
  });
}

async function openChat(page: Page, token: string, chatId: string): Promise<void> {
  await page.addInitScript((t) => localStorage.setItem('neura:persisted', JSON.stringify({ token: t })), token);
  await page.goto(`${baseUrl()}/chats/${chatId}`);
  await expect(page.locator('[data-role="assistant"]')).toBeVisible();
}

test.afterEach(async ({ page }, info) => {
  if (info.status === info.expectedStatus) return;
  // What the user was told, to tell a failure from a slow machine.
  console.log(`toasts: ${(await page.locator('[role="alert"], [role="status"]').allInnerTexts()).join(' | ')}`);
});

test.afterAll(() => {
  fs.rmSync(audioDir, { recursive: true, force: true });
});

test('should fill the message box with what the microphone heard', async ({ page }) => {
  test.setTimeout(180_000);
  const { token, chatId } = await seedChat(false, 'Hello.');
  await openChat(page, token, chatId);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Note:');

  await page.getByRole('button', { name: 'Start dictation' }).click();
  const stop = page.getByRole('button', { name: 'Stop dictation' });
  await expect(stop).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('voice-level')).toBeVisible();
  // The time recorded, out of the server's limit.
  await expect(page.getByRole('timer')).toHaveText(/^0:\d\d \/ 1:00$/);
  // The person speaks while the mic listens: two loops hold the whole sentence at least once.
  await page.waitForTimeout(2 * loopMs);
  await stop.click();
  await expect(box).toHaveAttribute('aria-busy', 'true');
  // What was heard follows the text already in the box.
  await expect(box).toHaveValue(/^Note: \S/, { timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Start dictation' })).toHaveAttribute('aria-pressed', 'false');
  await expect(box).toHaveAttribute('aria-busy', 'false');
  const dictated = await box.inputValue();
  // The mic joins the looping sentence at a random point and pocketsphinx mishears a word now and
  // then ("search the web" came out as "send to lead" once, "news" as "nice" another time): most
  // of the sentence's words, not each one, must have been heard.
  const words = new Set(SENTENCE.split(' '));
  const heard = new Set(
    dictated
      .toLowerCase()
      .split(/\W+/)
      .filter((w) => words.has(w)),
  );
  expect(heard.size, dictated).toBeGreaterThanOrEqual(words.size - 2);
  console.log(`dictated: ${dictated}`);
});

test('should play a reply for a Pro user, and stop it', async ({ page }) => {
  const long = 'This reply is long enough to still be playing. It has a few sentences. Each one takes a while to say.';
  const { token, chatId } = await seedChat(true, long);
  await openChat(page, token, chatId);
  const speak = page.getByRole('button', { name: 'Read aloud' });
  const audio = page.waitForResponse((r) => r.url().endsWith('/api/speech/speak'));
  await speak.click();
  const response = await audio;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('audio/wav');
  const stop = page.getByRole('button', { name: 'Stop reading aloud' });
  await expect(stop).toHaveAttribute('aria-pressed', 'true');
  await stop.click();
  await expect(page.getByRole('button', { name: 'Read aloud' })).toHaveAttribute('aria-pressed', 'false');
});

test('should clear the audio when a reply has been read to the end', async ({ page }) => {
  const { token, chatId } = await seedChat(true, 'Short.');
  await openChat(page, token, chatId);
  const speaker = page.getByTestId('message-actions').locator('button[data-state]');
  // A short reply can play and end between two polls of a busy machine: every state the button
  // takes is recorded as it happens.
  await speaker.evaluate((button) => {
    const states: string[] = [];
    (window as unknown as { speakerStates: string[] }).speakerStates = states;
    new MutationObserver(() => states.push(button.getAttribute('data-state') ?? '')).observe(button, {
      attributes: true,
      attributeFilter: ['data-state'],
    });
  });
  await page.getByRole('button', { name: 'Read aloud' }).click();
  const states = () => page.evaluate(() => (window as unknown as { speakerStates: string[] }).speakerStates);
  await expect.poll(states).toContain('playing');
  await expect(speaker).toHaveAttribute('data-state', 'idle', { timeout: 20_000 });
  expect((await states()).at(-1)).toBe('idle');
});

test('should open the subscribe modal for a non-Pro user', async ({ page }) => {
  const { token, chatId } = await seedChat(false, 'A reply to read.');
  await openChat(page, token, chatId);
  let speakCalls = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/speech/speak')) speakCalls++;
  });
  await page.getByRole('button', { name: 'Read aloud' }).click();
  await expect(page.getByRole('dialog', { name: 'Go Pro' })).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  expect(speakCalls).toBe(0);
});
