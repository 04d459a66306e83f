import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/runtime';
import { suggestionsFor } from './suggestions';

const persona = (id: string, includedSkills: string[] = [], suggestedPrompts?: string[]) =>
  ({ id, includedSkills, ...(suggestedPrompts ? { suggestedPrompts } : {}) }) as Parameters<typeof suggestionsFor>[0];

afterEach(() => setLocale('en-US'));

describe('suggestionsFor', () => {
  it("gives a built-in persona's, else the skills', else generic ones, and the persona's own first", () => {
    expect(suggestionsFor(persona('default'))[0]).toBe('Explain how vaccines work in simple terms');
    expect(suggestionsFor(persona('someone-new', ['generate_image']))).toEqual([
      'Create an image of a fox reading a book',
      'What can you help me with?',
      'Tell me about yourself',
    ]);
    expect(suggestionsFor(persona('default', [], ['Mine']))).toEqual(['Mine']);
  });

  it('reads them in the active locale when asked (the catalog is written in place)', async () => {
    await setLocale('de');
    expect(suggestionsFor(persona('default'))[0]).toBe('Erkläre einfach, wie Impfstoffe wirken');
    expect(suggestionsFor(persona('someone-new', ['web_search']))[1]).toBe('Wobei kannst du mir helfen?');
    await setLocale('ja');
    expect(suggestionsFor(persona('socrates'))[1]).toBe('幸せとは何ですか？');
    await setLocale('en-US');
    expect(suggestionsFor(persona('socrates'))[1]).toBe('What is happiness?');
  });
});
