import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { DeltaBatcher } from './delta-batcher.js';

describe('DeltaBatcher (per event-loop turn)', () => {
  it('should send the first delta at once and the rest of the turn as one delta after it', async () => {
    const sent: string[] = [];
    const batcher = new DeltaBatcher((t) => sent.push(t));
    batcher.push('He');
    batcher.push('llo');
    batcher.push(' world');
    expect(sent).toEqual(['He']);
    await nextTurn();
    expect(sent).toEqual(['He', 'llo world']);
    batcher.push('!');
    batcher.push('?');
    await nextTurn();
    expect(sent).toEqual(['He', 'llo world', '!?']);
  });

  it('should send what is buffered on flush and nothing twice', async () => {
    const sent: string[] = [];
    const batcher = new DeltaBatcher((t) => sent.push(t));
    batcher.push('a');
    batcher.push('b');
    batcher.flush();
    expect(sent).toEqual(['a', 'b']);
    await nextTurn();
    batcher.flush();
    expect(sent).toEqual(['a', 'b']);
    batcher.push('');
    await nextTurn();
    expect(sent).toEqual(['a', 'b']);
  });
});

describe('DeltaBatcher (interval asked per batch)', () => {
  it('should gather for the interval asked as each batch starts, the first delta still at once', async () => {
    vi.useFakeTimers();
    try {
      const sent: string[] = [];
      let busy = true;
      const batcher = new DeltaBatcher(
        (t) => sent.push(t),
        () => (busy ? 50 : 0),
      );
      batcher.push('a');
      expect(sent).toEqual(['a']);
      batcher.push('b');
      await vi.advanceTimersByTimeAsync(20);
      batcher.push('c');
      expect(sent).toEqual(['a']);
      await vi.advanceTimersByTimeAsync(30);
      expect(sent).toEqual(['a', 'bc']);
      busy = false;
      batcher.push('d');
      await vi.advanceTimersToNextTimerAsync();
      expect(sent).toEqual(['a', 'bc', 'd']);
    } finally {
      vi.useRealTimers();
    }
  });
});
