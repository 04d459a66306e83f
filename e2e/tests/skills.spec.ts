import path from 'node:path';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import type { FakeServer } from '../../server/test/fixtures/fake-http.js';
import { startFakeOpenMeteo } from '../../server/test/fixtures/fake-open-meteo.js';
import { type FakeOpenAI, startFakeOpenAI, toolScript } from '../../server/test/fixtures/fake-openai.js';
import { startFakeSearxng } from '../../server/test/fixtures/fake-searxng.js';
import { type RunningApp, startApp } from '../support/app-server.js';
import { e2eId, insertUserWithSession } from '../support/session.js';

/**
 * Skills in a real browser: an app with a fake model that streams tool_calls, and fakes of
 * SearXNG and Open-Meteo. The browser's geolocation is granted and fixed by the test context.
 */
let model: FakeOpenAI;
let searxng: FakeServer;
let meteo: FakeServer;
let app: RunningApp;

function seedChat(persona: string): { token: string; chatId: string } {
  const db = new Database(path.join(app.dataDir, 'neura.db'));
  try {
    const { id: userId, token } = insertUserWithSession(db, { firstName: 'Grace', lastName: 'Hopper', credits: 50 });
    const now = new Date().toISOString();
    const chatId = e2eId();
    db.prepare(
      `INSERT INTO chats (id, user_id, persona_id, name, last_message_at, preview, is_pinned, is_archived, created_at, updated_at)
       VALUES (?, ?, ?, 'New Chat', NULL, NULL, 0, 0, ?, ?)`,
    ).run(chatId, userId, persona, now, now);
    return { token, chatId };
  } finally {
    db.close();
  }
}

test.use({ geolocation: { latitude: 52.52, longitude: 13.41 }, permissions: ['geolocation'] });

test.beforeAll(async () => {
  [model, searxng, meteo] = await Promise.all([startFakeOpenAI(), startFakeSearxng(), startFakeOpenMeteo()]);
  app = await startApp({
    LLM_BASE_URL: model.baseUrl,
    LLM_MODEL: 'fake',
    LLM_API_KEY: 'sk-e2e',
    SEARXNG_URL: searxng.url,
    OPEN_METEO_URL: `${meteo.url}/v1`,
    OPEN_METEO_GEOCODING_URL: `${meteo.url}/v1`,
  });
});

test.afterAll(async () => {
  await app?.stop();
  await Promise.all([model?.close(), searxng?.close(), meteo?.close()]);
});

test.beforeEach(async ({ page }) => {
  // The public reverse-geocoding call (SPEC §7), answered locally: there is no internet here.
  await page.route('https://api.bigdatacloud.net/**', (route) =>
    route.fulfill({ json: { city: 'Berlin', principalSubdivision: 'Berlin', countryName: 'Germany' } }),
  );
});

test('should answer the weather with no place from the browser location', async ({ page }) => {
  model.setScript(
    toolScript({
      before: ['Let me check.'],
      calls: [{ name: 'forecast_weather', arguments: '{}' }],
      after: ['Wrap up warm!'],
    }),
  );
  const { token, chatId } = seedChat('sky-watcher');
  await page.addInitScript((t) => localStorage.setItem('neura:persisted', JSON.stringify({ token: t })), token);
  await page.goto(`${app.url}/chats/${chatId}`);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill("What's the weather like?");
  await box.press('Enter');

  const card = page.getByTestId('tool-forecast_weather');
  await expect(card).toHaveAttribute('data-status', 'complete');
  await expect(card).toContainText('Berlin, Berlin, Germany');
  await expect(card.getByTestId('weather-now')).toHaveText('7°C');
  await expect(card.getByRole('listitem')).toHaveCount(3);
  const reply = page.locator('[data-role="assistant"]');
  await expect(reply).toHaveAttribute('data-status', 'complete');
  await expect(reply).toContainText('Let me check.');
  await expect(reply).toContainText('Wrap up warm!');
  // The first request explained why the location was wanted.
  await expect(page.getByText('A persona asked for your location')).toBeVisible();
  const forecast = meteo.requests.find((r) => r.url.pathname === '/v1/forecast');
  expect(forecast?.url.searchParams.get('latitude')).toBe('52.52');
});

test('should render search results and a video gallery that survive a reload', async ({ page }) => {
  model.setScript(
    toolScript({
      calls: [
        { id: 'call_web', name: 'web_search', arguments: '{"query":"jazz piano"}' },
        { id: 'call_vid', name: 'video_search', arguments: '{"query":"jazz piano"}' },
      ],
      after: ['Here is what I found.'],
    }),
  );
  const { token, chatId } = seedChat('scout');
  await page.addInitScript((t) => localStorage.setItem('neura:persisted', JSON.stringify({ token: t })), token);
  await page.goto(`${app.url}/chats/${chatId}`);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Find jazz piano things');
  await box.press('Enter');

  const check = async () => {
    const search = page.getByTestId('tool-web_search');
    await expect(search).toHaveAttribute('data-status', 'complete');
    await expect(search.getByRole('link')).toHaveCount(8);
    await expect(search.getByRole('link').first()).toHaveAttribute('href', 'https://example.org/jazz%20piano/1');
    await expect(search).toContainText('example.org');
    const gallery = page.getByTestId('tool-video_search');
    await expect(gallery).toHaveAttribute('data-status', 'complete');
    await expect(gallery.getByTestId('video-play')).toHaveCount(4);
    await expect(page.locator('[data-role="assistant"]')).toContainText('Here is what I found.');
  };
  await check();

  // Embeds load only on click, with the attributes YouTube needs.
  const gallery = page.getByTestId('tool-video_search');
  await expect(gallery.locator('iframe')).toHaveCount(0);
  await gallery.getByTestId('video-play').first().click();
  const frame = gallery.getByTestId('video-embed');
  await expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
  await expect(frame).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');

  await page.reload();
  await check();
});

test('should allow frames only from the video hosts', async ({ request }) => {
  const res = await request.get(`${app.url}/`);
  expect(res.headers()['content-security-policy']).toBe(
    'frame-src https://www.youtube-nocookie.com https://player.vimeo.com https://player.twitch.tv https://clips.twitch.tv',
  );
});
