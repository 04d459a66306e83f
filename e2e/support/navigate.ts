import { expect, type Page } from '@playwright/test';

/**
 * Goes to `path` (and its query) with the app's own navigation, as a link in the app does (the
 * History API and a `popstate` the router follows), not a new page load: the document, and what a
 * test put in it (axe-core), stay. For specs that check many routes after one real load of the app.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    if (location.pathname + location.search === to) return;
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname + url.search === path);
}
