import { describe, expect, it } from 'vitest';
import { toSpeakableText } from './speakable.js';
import { splitForSpeech } from './tts-offline.js';

describe('toSpeakableText', () => {
  it('should drop emphasis, headings and list markers but keep the words', () => {
    const md = '# Plan\n\n**Bold** and *soft* and __strong__ and ~~gone~~ words.\n\n- first\n- second\n1. third';
    expect(toSpeakableText(md)).toBe('Plan\n\nBold and soft and strong and gone words.\n\nfirst second third');
  });

  it('should keep the text of links and images and drop their URLs', () => {
    expect(toSpeakableText('See [the docs](https://example.com/x) and ![a cat](https://x/y.png).')).toBe(
      'See the docs and a cat.',
    );
  });

  it('should keep code content without fences or backticks', () => {
    expect(toSpeakableText('Run `npm start`:\n\n```sh\nnpm start\n```')).toBe('Run npm start:\n\nnpm start');
  });

  it('should read table rows as lists and drop HTML tags', () => {
    const md = '| Name | Age |\n| --- | --- |\n| Ada | 36 |\n\n<b>done</b>';
    expect(toSpeakableText(md)).toBe('Name, Age Ada, 36\n\ndone');
  });

  it('should give an empty string for markup without words', () => {
    expect(toSpeakableText('---\n\n```\n```\n')).toBe('');
  });
});

describe('splitForSpeech', () => {
  it('should keep short text whole', () => {
    expect(splitForSpeech('Hello there. How are you?')).toEqual(['Hello there. How are you?']);
  });

  it('should cut long text at sentence ends into pieces under the limit without losing words', () => {
    const text = Array.from({ length: 30 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    const pieces = splitForSpeech(text, 100);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(100);
      expect(piece).toMatch(/\.$/);
    }
    expect(pieces.join(' ')).toBe(text);
  });

  it('should cut a sentence longer than the limit at spaces', () => {
    const text = `${'word '.repeat(50).trim()}.`;
    const pieces = splitForSpeech(text, 40);
    expect(pieces.every((p) => p.length <= 40)).toBe(true);
    expect(pieces.join(' ')).toBe(text);
  });
});
