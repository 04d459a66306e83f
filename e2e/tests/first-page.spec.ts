import { expect, test } from '@playwright/test';
import { baseUrl } from '../support/app.js';
import { describeViolations, ruleViolations } from '../support/axe.js';

/**
 * #50 the first page on a phone: what Lighthouse's mobile audit checks beyond the default axe tags.
 * A visitor's Explore opens with the sign-in modal in front (its intro carousel and its dots). On the
 * run's shared app (global-setup.ts): a visitor's page needs no settings of its own.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test("a visitor's first page: every touch target is at least 24 × 24 px or spaced as far (WCAG 2.5.8)", async ({
  page,
}) => {
  await page.goto(`${baseUrl()}/`);
  await expect(page.getByRole('button', { name: 'Slide 1 of 6' })).toBeVisible();
  await expect(page.getByTestId('persona-background').first()).toBeVisible();
  const violations = await ruleViolations(page, ['target-size']);
  expect(violations, describeViolations(violations)).toEqual([]);
});

test("a visitor's first page: the chunks the build listed for Explore are linked, and each file is linked and asked for once", async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js')) requested.push(url.pathname);
  });
  await page.goto(`${baseUrl()}/`);
  await expect(page.getByTestId('persona-background').first()).toBeVisible();
  const { listed, linked } = await page.evaluate(() => ({
    listed: (JSON.parse(document.querySelector('meta[name="neura-first-chunks"]')?.getAttribute('content') ?? '{}')
      .home ?? '') as string,
    linked: [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
      (l) => new URL(l.href).pathname,
    ),
  }));
  const files = listed.split(' ').filter(Boolean);
  expect(files.find((f) => f.includes('/explore-page-'))).toBeDefined();
  for (const file of files) expect(linked).toContain(file);
  expect(linked.filter((f, i) => linked.indexOf(f) !== i)).toEqual([]);
  expect(requested.filter((f, i) => requested.indexOf(f) !== i)).toEqual([]);
});
