import { afterEach, describe, expect, it } from 'vitest';
import { billingTexts } from '../texts/app-texts';
import { currentLocale } from '../texts/format';
import { ioTexts } from '../texts/io';
import { memoryTexts } from '../texts/memory';
import { texts } from '../texts/texts';
import { subscribeLocale } from './active-locale';
import { snapshot } from './apply';
import { detectLocale } from './detect';
import { getLocale, setLocale } from './runtime';

const pristine = snapshot({ texts, billingTexts });
// A module that kept a nested object at import time (as many do: `const t = appTexts.chat`).
const keptNav = texts.nav;

afterEach(async () => {
  await setLocale('en-US');
});

describe('detectLocale', () => {
  it("takes this device's choice, else the browser's first supported language, else en-US", () => {
    expect(detectLocale(['de-DE', 'en'], null)).toBe('de');
    expect(detectLocale(['pt'], null)).toBe('pt-BR');
    expect(detectLocale(['es-MX', 'en-US'], null)).toBe('es');
    expect(detectLocale(['ko-KR', 'ja'], null)).toBe('ja');
    expect(detectLocale(['ko', 'zh-CN'], null)).toBe('en-US');
    expect(detectLocale([], null)).toBe('en-US');
    expect(detectLocale(['de-DE'], 'fr')).toBe('fr');
  });
});

describe('setLocale', () => {
  it('writes the catalog into the imported objects (also ones kept at import) and tells listeners', async () => {
    let told = 0;
    const stop = subscribeLocale(() => told++);
    await setLocale('en-XA');
    stop();
    expect(getLocale()).toBe('en-XA');
    expect(told).toBe(1);
    expect(texts.nav.home).not.toBe(pristine.texts.nav.home);
    expect(texts.nav.home).toMatch(/^⟦Ĥóɱé ·+⟧$/);
    expect(keptNav.home).toBe(texts.nav.home);
    expect(texts.explore.costLabel(1)).toContain('çŕéðíţ');
    expect(document.documentElement.lang).toBe('en-XA');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('goes back to en-US exactly', async () => {
    await setLocale('en-XA');
    await setLocale('en-US');
    expect({ texts, billingTexts }).toEqual(pristine);
    expect(texts.explore.costLabel(1)).toBe('1 credit per message');
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('sets right to left for Arabic, and the formatting locale', async () => {
    await setLocale('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(currentLocale()).toBe('ar');
    await setLocale('en-US');
    expect(document.documentElement.dir).toBe('ltr');
    expect(currentLocale()).toBe('en-US');
  });

  it("writes memory's and search/sharing/data's catalogs too (their own chunks), and back", async () => {
    const keptNote = memoryTexts.note;
    await setLocale('de');
    expect(memoryTexts.title).toBe('Gedächtnis');
    expect(keptNote.updated).toBe('Gedächtnis aktualisiert');
    expect(memoryTexts.tokens(1234)).toBe('1.234 Tokens');
    expect(ioTexts.data.title).toBe('Deine Daten');
    expect(ioTexts.data.messages(1)).toBe('1 Nachricht');
    await setLocale('ar');
    expect(ioTexts.data.messages(2)).toBe('رسالتان');
    await setLocale('en-US');
    expect(keptNote.updated).toBe('Memory updated');
    expect(memoryTexts.tokens(1234)).toBe('1,234 tokens');
    expect(ioTexts.data.messages(2)).toBe('2 messages');
  });

  it('lets the newest of two quick changes win', async () => {
    const first = setLocale('de');
    const second = setLocale('en-XA');
    await Promise.all([first, second]);
    expect(getLocale()).toBe('en-XA');
    expect(document.documentElement.lang).toBe('en-XA');
  });
});
