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
