import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
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
