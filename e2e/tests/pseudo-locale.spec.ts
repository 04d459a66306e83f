import path from 'node:path';
import { expect, test } from '@playwright/test';
import { baseUrl } from '../support/app.js';
import { createSignedInUser, signIn } from '../support/session.js';

/**
 * The pseudo-locale run (issue #43): every catalog text is accented and wrapped in ⟦ ⟧, so visible
 * English letters outside ⟦ ⟧ are text that never went through the catalog (hard-coded), and a ⟦
 * without its ⟧ in view is clipped. Data (persona texts, the user's name) is not interface text.
 */
const SHOTS = path.join(import.meta.dirname, '..', 'artifacts', 'pseudo');
const SIZES = { mobile: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

/**
 * Known hard-coded English still outside the catalog (issue #43 follow-up): each entry is a piece
 * of visible text; a NEW hard-coded text fails the run.
 */
const KNOWN_LEFTOVERS: RegExp[] = [];

/** What `Intl` writes (the pseudo-locale formats as en-US): dates like "Nov 28, 2026, 6:33 PM". */
const INTL_OUTPUT = /^[A-Z][a-z]{2} \d{1,2}, \d{4}(, \d{1,2}:\d{2} [AP]M)?$/;

test.describe('pseudo-locale', () => {
  for (const size of ['mobile', 'desktop'] as const) {
    test(`no hard-coded text on the main pages (${size})`, async ({ browser }) => {
      const user = await createSignedInUser();
      const personas = (await (await fetch(`${baseUrl()}/api/personas`)).json()) as Array<Record<string, unknown>>;
      const data = new Set<string>(
        personas.flatMap((p) =>
          [p.name, p.description, p.tagline, p.greeting, ...((p.tags as string[]) ?? [])].filter(
            (v): v is string => typeof v === 'string',
          ),
        ),
      );
      const own = [user.firstName, user.lastName, user.email, user.referralCode, `${user.firstName} ${user.lastName}`];
      for (const v of own) data.add(v);

      const context = await browser.newContext({ viewport: SIZES[size] });
      await context.addInitScript(() => localStorage.setItem('neura:locale', 'en-XA'));
      await signIn(context, user.token);
      const hardCoded: string[] = [];
      for (const [name, route] of [
        ['explore', '/'],
        ['chats', '/chats'],
        ['settings', '/settings'],
        ['credits', '/settings/credits'],
      ] as const) {
        const page = await context.newPage();
        await page.goto(`${baseUrl()}${route}`);
        await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: path.join(SHOTS, `${size}-${name}.png`), fullPage: true });
        const visible = await page.evaluate(() => {
          const out: string[] = [];
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          while (walker.nextNode()) {
            const node = walker.currentNode;
            const text = node.textContent?.trim();
            const el = node.parentElement;
            if (!text || !el || el.closest('script,style,noscript,[aria-hidden="true"]')) continue;
            const style = getComputedStyle(el);
            const box = el.getBoundingClientRect();
            if (style.display === 'none' || style.visibility === 'hidden' || box.width === 0) continue;
            out.push(text);
          }
          return out;
        });
        for (const text of visible) {
          const outside = text.replace(/⟦[^⟧]*⟧?/g, ' ').trim();
          if (!/[A-Za-z]{3,}/.test(outside) || data.has(text) || [...data].some((d) => outside.includes(d))) continue;
          if (INTL_OUTPUT.test(outside) || KNOWN_LEFTOVERS.some((r) => r.test(outside))) continue;
          hardCoded.push(`${name}: ${outside}`);
        }
        await page.close();
      }
      await context.close();
      expect([...new Set(hardCoded)]).toEqual([]);
    });
  }
});
