import { fileURLToPath } from 'node:url';
import { type FakeOpenAI, type FakeRequest, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { expect, type Page, test } from '@playwright/test';
import { createSignedInUser, signIn } from '../support/session.js';

/**
 * Group chats (issue #46) in Chromium at a phone's and a laptop's size: a group of three made
 * from New Chat (its draft until the first message), a round (names and avatars above each reply),
 * an addressed message picked from the `@` list, "Let … speak", Stop in the middle of a round, and
 * an edit that runs the round again. The fake model answers as the persona its system prompt names.
 */
let fake: FakeOpenAI;
let app: ServerProcess;
const shots = fileURLToPath(new URL('../artifacts/screenshots/group-chats-', import.meta.url));
const NAMES = ['Mindful Coach', 'Nutrition Pal', 'Trainer Max'];
/** When set, the next reply of this persona holds after its first chunk (until release). */
let holdFor: string | null = null;

const speakerOf = (request: FakeRequest): string =>
  NAMES.find((name) => String(request.body.messages?.[0]?.content ?? '').includes(`You are ${name}.`)) ?? 'Someone';

test.beforeAll(async () => {
  fake = await startFakeOpenAI();
  fake.setScript((request) => {
    const name = speakerOf(request);
    if (holdFor === name) {
      holdFor = null;
      return { chunks: [`${name} starts`, ' and goes on.'], holdAfter: 1 };
    }
    return { chunks: [`${name} here,`, ' glad to help.'] };
  });
  app = await startServerProcess({
    env: { LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-e2e', LOG_LEVEL: 'info' },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

/** A group chat's message box is a combobox (its `@` list). */
const messageBox = (page: Page) => page.getByRole('combobox', { name: 'Message' });

async function sendText(page: Page, text: string) {
  const box = messageBox(page);
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

const replies = (page: Page) => page.locator('[data-role="assistant"]');

/** The group bar's chips: all inside the bar, none scrolled out of its list, no name cut short. */
async function expectChipsWhole(page: Page) {
  const bar = page.getByTestId('group-bar');
  await expect(bar).toBeVisible();
  const layout = await bar.evaluate((el) => {
    const list = el.querySelector('ul') as HTMLElement;
    const outer = el.getBoundingClientRect();
    const chips = [...list.children].map((chip) => chip.getBoundingClientRect());
    const names = [...list.querySelectorAll<HTMLElement>('[data-testid="group-member-name"]')];
    return {
      scrolled: list.scrollWidth > list.clientWidth + 1 || list.scrollHeight > list.clientHeight + 1,
      outside: chips.filter((r) => r.left < outer.left - 0.5 || r.right > outer.right + 0.5).length,
      cut: names.filter((name) => name.scrollWidth > name.clientWidth + 1).map((name) => name.textContent),
    };
  });
  expect(layout).toEqual({ scrolled: false, outside: 0, cut: [] });
}

/** The socket.io events the page sent, by name (`42/namespace,7["name",{…}]`: a namespace and an ack id). */
function sentEvents(page: Page): Array<[string, Record<string, unknown>]> {
  const sent: Array<[string, Record<string, unknown>]> = [];
  page.on('websocket', (ws) =>
    ws.on('framesent', ({ payload }) => {
      const match = /^42(?:\/[^,[]*,)?\d*(\[.*\])$/su.exec(String(payload));
      if (match?.[1]) sent.push(JSON.parse(match[1]) as [string, Record<string, unknown>]);
    }),
  );
  return sent;
}

for (const [label, viewport] of [
  ['390x844', { width: 390, height: 844 }],
  ['1366x900', { width: 1366, height: 900 }],
] as const) {
  test(`should run a group of three at ${label}: a round, an address, Let … speak, Stop`, async ({ browser }) => {
    // A long walk (a draft, four rounds, an edit) on a shared machine.
    test.setTimeout(240_000);
    const context = await browser.newContext({ viewport });
    const user = await createSignedInUser({ credits: 50, password: null }, app.dataDir);
    await signIn(context, user.token);
    const page = await context.newPage();
    await page.goto(`${app.url}/`);

    // New Chat → New group chat → three personas, in the order they will speak.
    await page.getByRole('button', { name: 'New Chat' }).filter({ visible: true }).first().click();
    const modal = page.getByRole('dialog', { name: 'New Chat' });
    await modal.getByTestId('newchat-group').click();
    const start = modal.getByTestId('group-start');
    await expect(start).toBeDisabled();
    for (const name of NAMES) await modal.getByTestId('group-pick').filter({ hasText: name }).click();
    await expect(start).toHaveText('Start group chat (3)');
    await page.screenshot({ path: `${shots}picker-${label}.png` });
    await start.click();
    // The group's draft: nothing is made until the first message.
    await expect(page).toHaveURL(/\/chats\/new\?personas=mindful-coach,nutrition-pal,trainer-max$/);
    const bar = page.getByTestId('group-bar');
    await expect(bar.getByTestId('group-member')).toHaveText(NAMES);
    await expect(bar.getByTestId('group-draft-note')).toBeVisible();
    await expect(bar.getByTestId('group-round-price')).toHaveText('Up to 7 credits');
    // The draft shows the group, named as a saved group chat is, not its first persona.
    const intro = page.getByTestId('group-intro');
    await expect(intro.getByRole('heading')).toHaveText(NAMES.join(', '));
    await expect(intro.getByTestId('group-intro-member')).toHaveCount(3);
    await expect(page.getByTestId('chat-intro')).toHaveCount(0);
    await expect(page).toHaveTitle(new RegExp(NAMES.join(', ')));
    await expectChipsWhole(page);
    await page.screenshot({ path: `${shots}draft-${label}.png` });

    // A round: every persona in order, each reply under its name and avatar.
    await sendText(page, 'What should I eat before a run?');
    await expect(page).toHaveURL(/\/chats\/(?!new)[^/?]+$/);
    await expect(bar.getByTestId('group-let-speak')).toHaveCount(3);
    await expectChipsWhole(page);
    await expect(replies(page)).toHaveCount(3);
    await expect(replies(page).last()).toHaveAttribute('data-status', 'complete');
    await expect(page.getByTestId('message-speaker')).toHaveText(NAMES);
    await expect(replies(page).nth(1)).toContainText('Nutrition Pal here, glad to help.');
    await expect(page.getByTestId('message-speaker').first().locator('img')).toBeVisible();
    await expect(page.getByTestId('credits-badge')).toHaveText('43');
    await page.screenshot({ path: `${shots}round-${label}.png` });

    // An addressed message, its name picked from the `@` list by keyboard: only Trainer Max replies,
    // and the price before sending is his alone.
    const box = messageBox(page);
    await box.fill('@t');
    const list = page.getByRole('listbox', { name: 'Personas to address' });
    await expect(list.getByRole('option')).toHaveText(['Trainer Max']);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await page.screenshot({ path: `${shots}mention-${label}.png` });
    await box.press('Enter');
    await expect(list).toBeHidden();
    await expect(box).toHaveValue('@Trainer Max ');
    await box.pressSequentially('how far should I run?');
    await expect(bar.getByTestId('group-round-price')).toHaveText('Up to 3 credits · Replying: Trainer Max');
    await box.press('Enter');
    await expect(box).toHaveValue('');
    await expect(replies(page)).toHaveCount(4);
    await expect(replies(page).last()).toHaveAttribute('data-persona', 'trainer-max');
    await expect(replies(page).last()).toHaveAttribute('data-status', 'complete');

    // Let … speak: Nutrition Pal replies again without a message.
    await bar.getByRole('button', { name: 'Let Nutrition Pal speak' }).click();
    await expect(replies(page)).toHaveCount(5);
    await expect(replies(page).last()).toHaveAttribute('data-persona', 'nutrition-pal');
    await expect(replies(page).last()).toHaveAttribute('data-status', 'complete');
    await expect(page.getByTestId('credits-badge')).toHaveText('38');

    // Stop in the middle of a round: Mindful Coach is cut short, the others never start.
    holdFor = 'Mindful Coach';
    await sendText(page, 'One more round, please.');
    await expect(replies(page)).toHaveCount(6);
    await expect(replies(page).last()).toContainText('Mindful Coach starts');
    await page.getByRole('button', { name: 'Stop' }).click();
    // The held stream is let go only once the Stop has landed: released first, Mindful Coach could
    // finish before the server hears the Stop, which then ends the round at Nutrition Pal's turn.
    await expect(replies(page).last()).toHaveAttribute('data-status', 'stopped');
    fake.release();
    await page.screenshot({ path: `${shots}stopped-${label}.png` });
    // Only the stopped reply was paid for (2); the round's other 5 came back.
    await expect(page.getByTestId('credits-badge')).toHaveText('36');
    await expect(replies(page)).toHaveCount(6);

    // Editing that message runs the round again from it: all three reply, charged 7.
    await page.locator('[data-role="user"]').last().hover();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('textbox', { name: 'Edit your message' });
    await edit.fill('One more round, all of you.');
    await edit.press('Enter');
    await expect(page.locator('[data-role="user"]').last()).toHaveText('One more round, all of you.');
    await expect(page.getByTestId('credits-badge')).toHaveText('29');
    await expect(replies(page).filter({ hasText: 'here, glad to help.' }).last()).toHaveAttribute(
      'data-persona',
      'trainer-max',
    );
    await expect(replies(page).last()).toHaveAttribute('data-status', 'complete');
    await page.screenshot({ path: `${shots}edited-${label}.png` });
    await context.close();
  });
}

test('should send `to` for a persona picked by its translated name: only he replies (Spanish)', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'es-ES' });
  const user = await createSignedInUser({ credits: 50, password: null }, app.dataDir);
  const me = await context.request.patch(`${app.url}/api/users/me`, {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { locale: 'es' },
  });
  expect(me.ok()).toBe(true);
  await signIn(context, user.token);
  const page = await context.newPage();
  const sent = sentEvents(page);
  await page.goto(`${app.url}/chats/new?personas=mindful-coach,nutrition-pal,trainer-max`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  // The names as shown are Spanish; the server knows "Trainer Max": only `to` can address him.
  const box = page.locator('textarea[role="combobox"]');
  const bar = page.getByTestId('group-bar');
  for (const [turn, text] of [
    [1, 'cuánto corro?'],
    [2, 'y mañana?'],
  ] as const) {
    await box.fill('@entre');
    await expect(page.getByRole('option')).toHaveText(['Entrenador Max']);
    await box.press('Enter');
    await box.pressSequentially(text);
    await expect(bar.getByTestId('group-replying')).toContainText('Entrenador Max');
    await box.press('Enter');
    await expect(box).toHaveValue('');
    await expect(replies(page)).toHaveCount(turn);
    await expect(replies(page).last()).toHaveAttribute('data-status', 'complete');
    await expect(replies(page).last()).toHaveAttribute('data-persona', 'trainer-max');
    // Only his price was held and charged: the others never replied.
    await expect(page.getByTestId('credits-badge')).toHaveText(String(50 - 3 * turn));
    await expect(replies(page)).toHaveCount(turn);
  }
  const calls = sent.filter(([name]) => name === 'createChatWithMessage' || name === 'sendMessage');
  expect(calls.map(([name, payload]) => [name, payload.text, payload.to])).toEqual([
    ['createChatWithMessage', '@Entrenador Max cuánto corro?', ['trainer-max']],
    ['sendMessage', '@Entrenador Max y mañana?', ['trainer-max']],
  ]);
  await page.screenshot({ path: `${shots}addressed-es-1366x900.png` });
  await context.close();
});
