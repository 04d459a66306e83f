import path from 'node:path';
import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { repoRoot, type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { describeViolations, seriousViolations } from '../support/axe.js';
import { navigateInApp } from '../support/navigate.js';
import { createSignedInUser, type E2EUser, signIn, withSeed } from '../support/session.js';

/**
 * People's own personas (issue #29): the builder on /create, the unlisted link /p/:id, the review
 * queue in the console and Explore's Community carousel, against an app with a fake model that
 * records what it is sent.
 */
let app: ServerProcess;
let fake: FakeOpenAI;

const SHOTS = path.join(repoRoot, 'e2e/artifacts/screenshots');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const INSTRUCTIONS_MAX = 300;

test.beforeAll(async () => {
  fake = await startFakeOpenAI({ chunks: ['Ahoy', ' there.'], delayMs: 5 });
  fake.setTitle('Sea Talk');
  app = await startServerProcess({
    env: {
      LLM_BASE_URL: fake.baseUrl,
      LLM_MODEL: 'fake',
      LLM_API_KEY: 'sk-e2e',
      CUSTOM_PERSONA_INSTRUCTIONS_MAX: String(INSTRUCTIONS_MAX),
    },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

async function newUser(browser: Browser, firstName: string): Promise<{ user: E2EUser; page: Page }> {
  const user = await createSignedInUser({ firstName, credits: 50, password: null }, app.dataDir);
  const context = await browser.newContext({ viewport: DESKTOP });
  await signIn(context, user.token);
  return { user, page: await context.newPage() };
}

async function seedAdmin(browser: Browser): Promise<Page> {
  const { user, page } = await newUser(browser, 'Olga');
  await withSeed((target) => target.users.update(user.id, { role: 'admin' }), app.dataDir);
  return page;
}

async function myPersonas(user: E2EUser): Promise<Array<{ id: string; name: string }>> {
  const res = await fetch(`${app.url}/api/users/me/personas`, { headers: { authorization: `Bearer ${user.token}` } });
  return ((await res.json()) as { items: Array<{ id: string; name: string }> }).items;
}

/**
 * The persona's part of the model's latest streamed system prompt: everything before the user's
 * memory section, which memory (on by default, issue #44) appends after the instructions.
 */
function lastSystemPrompt(): unknown {
  const request = fake.requests.filter((r) => r.body.stream === true).at(-1);
  const messages = (request?.body.messages ?? []) as Array<{ role: string; content: unknown }>;
  const system = messages.find((m) => m.role === 'system')?.content;
  if (typeof system !== 'string') return system;
  const [persona, memory] = system.split('\n\n## Memory\n');
  expect(memory).toContain('<user_memory>');
  return persona;
}

async function openBuilder(page: Page): Promise<void> {
  await page.goto(`${app.url}/create`);
  await expect(page.getByTestId('persona-form')).toBeVisible();
}

/** Fills the builder's main fields (the visibility by its label). */
async function fillPersona(
  page: Page,
  p: { name: string; instructions: string; greeting?: string; tagline?: string; prompt?: string; visibility: string },
): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill(p.name);
  if (p.tagline) await page.getByLabel('Tagline').fill(p.tagline);
  await page.getByLabel('Instructions', { exact: true }).fill(p.instructions);
  if (p.greeting) await page.getByLabel('Greeting', { exact: true }).fill(p.greeting);
  if (p.prompt) await page.getByLabel('Suggested prompt 1').fill(p.prompt);
  await page.getByLabel(new RegExp(`^${p.visibility}`)).check();
}

async function sendAndWait(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect(page.locator('[data-role="assistant"]').last()).toHaveAttribute('data-status', 'complete');
}

test('should refuse bad input with clear errors and save nothing', async ({ browser }) => {
  const { user, page } = await newUser(browser, 'Ada');
  await openBuilder(page);
  await page.getByTestId('persona-save').click();
  await expect(page.getByTestId('error-persona-name')).toHaveText('Give your persona a name.');
  await expect(page.getByTestId('error-persona-instructions')).toHaveText(
    'Write the instructions your persona follows.',
  );
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();

  await page.getByLabel('Name', { exact: true }).fill('Too Long');
  await page.getByLabel('Instructions', { exact: true }).fill('x'.repeat(INSTRUCTIONS_MAX + 7));
  await expect(page.getByTestId('instructions-count')).toHaveText(`${INSTRUCTIONS_MAX + 7} / ${INSTRUCTIONS_MAX}`);
  await expect(page.getByTestId('instructions-count')).toHaveAttribute('data-over', 'true');
  await page.getByTestId('persona-save').click();
  await expect(page.getByTestId('error-persona-instructions')).toHaveText('7 characters over the limit.');
  // What was typed stays, and nothing reached the server.
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Too Long');
  expect(await myPersonas(user)).toEqual([]);
  await page.context().close();
});

test('should chat with a built persona using exactly its instructions, and let a second user chat through the unlisted link', async ({
  browser,
}) => {
  test.slow();
  const instructions = 'You are Captain Quill, a patient pirate.\nExplain every answer with a sea story.';
  const { user: ada, page } = await newUser(browser, 'Ada');
  await openBuilder(page);
  await fillPersona(page, {
    name: 'Captain Quill',
    tagline: 'Maths on the high seas',
    instructions,
    greeting: 'Ahoy, matey! What shall we learn?',
    prompt: 'Tell me a sea story',
    visibility: 'Unlisted',
  });
  await expect(page.getByTestId('draft-status')).toHaveText('Draft saved');
  const preview = page.getByTestId('persona-preview');
  await expect(preview.getByTestId('greeting')).toContainText('Ahoy, matey!');
  await expect(preview.getByTestId('chat-intro-tagline')).toHaveText('Maths on the high seas');
  await expect(page.getByTestId('persona-price')).toContainText('Each message costs');

  await page.getByTestId('persona-save').click();
  await expect(page).toHaveURL(/\/create\?edit=/);
  const id = new URL(page.url()).searchParams.get('edit') ?? '';
  expect((await myPersonas(ada)).map((p) => p.name)).toEqual(['Captain Quill']);

  await page.getByTestId('persona-try').click();
  // A draft chat until the first message (issue #25 N9): the intro shows, nothing is created yet.
  await expect(page).toHaveURL(new RegExp(`/chats/new\\?persona=${id}$`));
  await expect(page.getByTestId('greeting')).toContainText('Ahoy, matey!');
  await expect(page.getByRole('button', { name: 'Tell me a sea story' })).toBeVisible();
  await sendAndWait(page, 'Teach me fractions');
  await expect(page).toHaveURL(/\/chats\/[0-9a-z]+$/);
  expect(lastSystemPrompt()).toBe(instructions);

  // Another user with the link: the profile without the instructions, then a chat.
  const { page: bobPage } = await newUser(browser, 'Bob');
  await bobPage.goto(`${app.url}/p/${id}`);
  await expect(bobPage.getByRole('heading', { name: 'Captain Quill' })).toBeVisible();
  await expect(bobPage.getByText('Explain every answer')).toHaveCount(0);
  // Only public personas can be reported.
  await expect(bobPage.getByTestId('report-persona')).toHaveCount(0);
  await bobPage.getByTestId('persona-link-start').click();
  await expect(bobPage).toHaveURL(new RegExp(`/chats/new\\?persona=${id}$`));
  await sendAndWait(bobPage, 'Hello captain');
  await expect(bobPage).toHaveURL(/\/chats\/[0-9a-z]+$/);
  expect(lastSystemPrompt()).toBe(instructions);

  // A private persona's link is not found for anyone else.
  await page.goto(`${app.url}/create?edit=${id}`);
  await page.getByLabel(/^Private/).check();
  await page.getByTestId('persona-save').click();
  await expect(page.getByText('Changes saved.')).toBeVisible();
  await bobPage.goto(`${app.url}/p/${id}`);
  await expect(bobPage.getByTestId('persona-not-found')).toBeVisible();
  await bobPage.context().close();
  await page.context().close();
});

test('should list a public persona in Explore only after an admin approves it in the console', async ({ browser }) => {
  test.slow();
  const { page } = await newUser(browser, 'Ada');
  await openBuilder(page);
  await fillPersona(page, {
    name: 'Harbour Guide',
    instructions: 'You know every harbour in the world.',
    visibility: 'Public',
  });
  await page.getByTestId('persona-save').click();
  await expect(page).toHaveURL(/\/create\?edit=/);
  await page.getByTestId('tab-mine').click();
  const row = page.getByTestId('my-persona').filter({ hasText: 'Harbour Guide' });
  await expect(row.getByTestId('my-persona-review')).toHaveText('Pending review');

  const { page: bob } = await newUser(browser, 'Bob');
  await bob.goto(`${app.url}/`);
  await expect(bob.getByRole('heading', { name: 'Featured' })).toBeVisible();
  await expect(bob.getByTestId('persona-card').first()).toBeVisible();
  await expect(bob.getByRole('heading', { name: 'Community' })).toHaveCount(0);

  const admin = await seedAdmin(browser);
  await admin.goto(`${app.url}/admin?tab=reviews`);
  const item = admin.getByTestId('review-item').filter({ hasText: 'Harbour Guide' });
  await expect(item.getByTestId('review-instructions')).toHaveText('You know every harbour in the world.');
  const violations = await seriousViolations(admin);
  expect(violations, describeViolations(violations)).toEqual([]);
  await item.getByRole('button', { name: 'Approve Harbour Guide' }).click();
  await expect(admin.getByText('Approved: it is listed now.')).toBeVisible();

  await bob.reload();
  await expect(bob.getByRole('heading', { name: 'Community' })).toBeVisible();
  await expect(bob.getByRole('button', { name: 'Start a chat with Harbour Guide' })).toBeVisible();
  await page.reload();
  await expect(row.getByTestId('my-persona-review')).toHaveText('Listed');
  for (const p of [page, bob, admin]) await p.context().close();
});

test('should be legible and axe clean on /create and My personas, phone and desktop, dark and light', async ({
  browser,
}) => {
  test.slow();
  const { page } = await newUser(browser, 'Ada');
  await openBuilder(page);
  await fillPersona(page, {
    name: 'Night Owl',
    tagline: 'Late-night study buddy',
    instructions: 'You help students who study late at night.',
    greeting: 'Hoot! Still up?',
    prompt: 'Quiz me on biology',
    visibility: 'Public',
  });
  await page.getByTestId('persona-save').click();
  await expect(page).toHaveURL(/\/create\?edit=/);
  const editUrl = new URL(page.url()).search;
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => {
      const key = 'neura:persisted';
      const current = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...current, theme: t, blackout: false }));
    }, theme);
    for (const [name, url] of [
      ['create', `/create${editUrl}`],
      ['my-personas', '/create?tab=mine'],
    ] as const) {
      for (const [size, viewport] of [
        ['390x844', PHONE],
        ['1366x900', DESKTOP],
      ] as const) {
        await page.setViewportSize(viewport);
        // A new load for each theme (the choice as a load reads it), then the app's own navigation.
        if (name === 'create' && size === '390x844') await page.goto(`${app.url}${url}`);
        else await navigateInApp(page, url);
        if (theme === 'light') await expect(page.locator('html')).toHaveClass(/\blight\b/);
        else await expect(page.locator('html')).not.toHaveClass(/\blight\b/);
        await expect(
          name === 'create' ? page.getByTestId('persona-form') : page.getByTestId('my-personas'),
        ).toBeVisible();
        const violations = await seriousViolations(page);
        expect(violations, `${name} ${size} ${theme}\n${describeViolations(violations)}`).toEqual([]);
        await page.screenshot({
          path: path.join(SHOTS, `create-${name}-${size}-${theme}.png`),
          fullPage: true,
          animations: 'disabled',
        });
      }
    }
  }
  await page.context().close();
});
