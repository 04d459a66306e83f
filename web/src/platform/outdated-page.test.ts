import { describe, expect, it } from 'vitest';
import html from '../../public/outdated.html?raw';

/** /outdated.html is a static page (no app code runs there): its markup is checked as shipped. */
const doc = new DOMParser().parseFromString(html, 'text/html');
const link = (text: string) => [...doc.querySelectorAll('a')].find((a) => a.textContent?.trim() === text);

describe('/outdated.html', () => {
  it("should look like the app: its header with the logo, and the app's light and dark colours", () => {
    const header = doc.querySelector('header');
    expect(header?.textContent?.trim()).toBe('Neura');
    expect(header?.querySelector('img')?.getAttribute('src')).toBe('/favicon.svg');
    expect(doc.querySelector('meta[name="color-scheme"]')?.getAttribute('content')).toBe('light dark');
    const css = doc.querySelector('style')?.textContent ?? '';
    expect(css).toContain('#0b0d12'); // dark surface
    expect(css).toMatch(/prefers-color-scheme: light[\s\S]*#f7f7fb/); // light surface
  });

  it('should say what happened and what to do, with the store links and a way back into the app', () => {
    expect(doc.querySelector('h1')?.textContent).toBe('Please update Neura');
    expect(doc.querySelector('main p')?.textContent).toContain('This version of the app is no longer supported.');
    // The build swaps these default addresses for VITE_PLAY_STORE_URL / VITE_APP_STORE_URL (exact match).
    expect(link('Get it on Google Play')?.getAttribute('href')).toBe(
      'https://play.google.com/store/apps/details?id=ai.neura.app',
    );
    expect(link('Download on the App Store')?.getAttribute('href')).toBe('https://apps.apple.com/');
    expect(link('Open Neura again')?.getAttribute('href')).toBe('/');
  });
});
