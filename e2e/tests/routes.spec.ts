import { expect, test } from '@playwright/test';

const base = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set (global setup did not run)');
  return url;
};

test.describe('routes in a fresh browser', () => {
  for (const [path, title] of [
    ['/', 'Browse Personas'],
    ['/changelog', 'Release Notes'],
    ['/terms', 'Terms of Use'],
    ['/does-not-exist', 'Not Found'],
  ] as const) {
    test(`should load ${path} titled ${title}`, async ({ page }) => {
      await page.goto(`${base()}${path}`);
      await expect(page).toHaveTitle(title);
      await expect(page.getByTestId('view-title')).toHaveText(title);
    });
  }

  test('should land /privacy on /terms', async ({ page }) => {
    await page.goto(`${base()}/privacy`);
    await expect(page).toHaveURL(`${base()}/terms`);
    await expect(page).toHaveTitle('Terms of Use');
  });

  test('should land /account/password on /settings/password', async ({ page }) => {
    await page.goto(`${base()}/account/password`);
    await expect(page).toHaveURL(`${base()}/settings/password`);
    await expect(page).toHaveTitle('Change Password');
  });

  test('should open the auth modal on a page that needs auth', async ({ page }) => {
    await page.goto(`${base()}/chats`);
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('should show the fatal notice when the API does not answer', async ({ page }) => {
    await page.route('**/api/', (route) => route.abort('connectionrefused'));
    await page.goto(`${base()}/terms`);
    await expect(page.getByRole('alertdialog')).toContainText('server is offline or under maintenance');
  });

  test('should serve hashed assets with long-lived caching and index.html without', async ({ request }) => {
    const index = await request.get(`${base()}/some/deep/link`);
    expect(index.status()).toBe(200);
    expect(index.headers()['cache-control']).toBe('no-cache');
    const html = await index.text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const res = await request.get(`${base()}${asset}`);
    expect(res.headers()['cache-control']).toContain('immutable');
  });
});
