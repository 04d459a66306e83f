import type { FakeServer } from '@neura/test-kit/fakes/http';
import { startFakeOpenMeteo } from '@neura/test-kit/fakes/open-meteo';
import { type FakeOpenAI, startFakeOpenAI, toolScript } from '@neura/test-kit/fakes/openai';
import { startFakeSearxng } from '@neura/test-kit/fakes/searxng';
import { createTestChat } from '@neura/test-kit/seed';
import { type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { expect, type Page, test } from '@playwright/test';
import { createSignedInUser, signIn, withSeed } from '../support/session.js';

/**
 * Skills in a real browser: an app with a fake model that streams tool_calls, and fakes of
 * SearXNG and Open-Meteo. The browser's geolocation is granted and fixed by the test context.
 */
let model: FakeOpenAI;
let searxng: FakeServer;
let meteo: FakeServer;
let app: ServerProcess;

/** A signed-in user (Grace Hopper, 50 credits) of this app with one empty chat with `persona`. */
async function seedChat(page: Page, persona: string): Promise<{ chatId: string }> {
  const user = await createSignedInUser({ firstName: 'Grace', lastName: 'Hopper', credits: 50 }, app.dataDir);
  const chat = await withSeed((target) => createTestChat(target, user.id, persona), app.dataDir);
  await signIn(page.context(), user.token);
  return { chatId: chat.id };
}

test.use({ geolocation: { latitude: 52.52, longitude: 13.41 }, permissions: ['geolocation'] });

test.beforeAll(async () => {
  [model, searxng, meteo] = await Promise.all([startFakeOpenAI(), startFakeSearxng(), startFakeOpenMeteo()]);
  app = await startServerProcess({
    env: {
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake',
      LLM_API_KEY: 'sk-e2e',
      SEARXNG_URL: searxng.url,
      OPEN_METEO_URL: `${meteo.url}/v1`,
      OPEN_METEO_GEOCODING_URL: `${meteo.url}/v1`,
      LOG_LEVEL: 'info',
    },
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
  const { chatId } = await seedChat(page, 'sky-watcher');
  await page.goto(`${app.url}/chats/${chatId}`);
  // The session is ready (its balance shown) before the message goes out.
  await expect(page.getByTestId('credits-badge')).toHaveText('50');
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
  const { chatId } = await seedChat(page, 'scout');
  await page.goto(`${app.url}/chats/${chatId}`);
  // The session is ready (its balance shown) before the message goes out.
  await expect(page.getByTestId('credits-badge')).toHaveText('50');
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
  const directives = (res.headers()['content-security-policy'] ?? '').split(';').map((d) => d.trim());
  expect(directives.filter((d) => d.startsWith('frame-src'))).toEqual([
    'frame-src https://www.youtube-nocookie.com https://player.vimeo.com https://player.twitch.tv https://clips.twitch.tv',
  ]);
  expect(directives).toContain("frame-ancestors 'none'");
});
