import { describe, expect, it } from 'vitest';
import { toSpeakableText } from './speakable.js';

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
