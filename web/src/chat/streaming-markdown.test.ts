import { describe, expect, it } from 'vitest';
import { splitBlocks } from './streaming-markdown';

describe('splitBlocks', () => {
  it('should split at blank lines but keep code fences whole', () => {
    expect(splitBlocks('# Title\n\nPara one\nline two\n\n```js\na\n\nb\n```\n\ntail')).toEqual([
      '# Title',
      'Para one\nline two',
      '```js\na\n\nb\n```',
      'tail',
    ]);
  });
});
