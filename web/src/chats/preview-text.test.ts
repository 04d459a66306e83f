import { describe, expect, it } from 'vitest';
import { previewText } from './preview-text';

describe('previewText', () => {
  it('should drop markdown syntax and keep the words on one line', () => {
    expect(previewText('**Bold** and a list:\n- one\n- two')).toBe('Bold and a list: one two');
    expect(previewText('# Heading one')).toBe('Heading one');
    expect(previewText('1. first\n2. second')).toBe('first second');
    expect(previewText('> quoted _words_ and `code`')).toBe('quoted words and code');
    expect(previewText('See [the docs](https://x.y) ![a cat](https://c.at/x.png)')).toBe('See the docs a cat');
    expect(previewText('```js\nconst a = 1;\n```')).toBe('const a = 1;');
    expect(previewText('| a | b |\n|---|---|\n| 1 | 2 |')).toBe('a b 1 2');
    expect(previewText('- [x] done\n- [ ] todo')).toBe('done todo');
    expect(previewText('<b>hi</b> there')).toBe('hi there');
  });
  it('should keep snake_case words and a lone asterisk', () => {
    expect(previewText('use snake_case_name here')).toBe('use snake_case_name here');
    expect(previewText('2 * 3 = 6')).toBe('2 * 3 = 6');
  });
  it('should answer an empty string for no preview', () => {
    expect(previewText(null)).toBe('');
    expect(previewText('')).toBe('');
  });
});
