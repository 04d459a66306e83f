import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TtsCache } from './tts-cache.js';

describe('TtsCache keys', () => {
  const cache = new TtsCache('/unused');

  it('should give another TTS model of the same engine and voice another key', () => {
    const one = cache.key('openai', 'alloy', 'Hello there.', 'tts-1');
    expect(cache.key('openai', 'alloy', 'Hello there.', 'tts-1')).toBe(one);
    expect(cache.key('openai', 'alloy', 'Hello there.', 'gpt-4o-mini-tts')).not.toBe(one);
    expect(cache.key('openai', 'nova', 'Hello there.', 'tts-1')).not.toBe(one);
    expect(cache.key('openai', 'alloy', 'Hello there!', 'tts-1')).not.toBe(one);
  });

  it('should keep the keys of engines without a model as they were (no offline cache is lost)', () => {
    const textHash = createHash('sha256').update('Hello there.', 'utf8').digest('hex');
    const before = createHash('sha256').update(`flite\nslt\n${textHash}`).digest('hex');
    expect(cache.key('flite', 'slt', 'Hello there.')).toBe(before);
  });
});
