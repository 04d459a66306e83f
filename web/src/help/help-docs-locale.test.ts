import { afterEach, describe, expect, it } from 'vitest';
import { setCurrentLocale } from '../texts/format';
import { loadHelpDoc } from './help-docs';

afterEach(() => setCurrentLocale('en-US'));

describe('help documents in the active locale (issue #43)', () => {
  it("falls back to the en-US document when the locale has none, and loads the locale's when it has", async () => {
    const english = await loadHelpDoc('DocIndex');
    setCurrentLocale('ko');
    expect(await loadHelpDoc('DocIndex')).toEqual(english);
    const docs = import.meta.glob<string>('./docs/*/DocIndex.md', { query: '?raw', import: 'default' });
    for (const [file, load] of Object.entries(docs)) {
      const locale = file.split('/')[2] as string;
      setCurrentLocale(locale);
      expect((await loadHelpDoc('DocIndex')).markdown).toBe(await load());
    }
  });
});
