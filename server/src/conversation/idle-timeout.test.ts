import { describe, expect, it } from 'vitest';
import { IdleTimeoutError, withIdleTimeout } from './idle-timeout.js';

async function* parts(delays: number[], stallAfter?: number): AsyncGenerator<number> {
  for (let i = 0; i < delays.length; i++) {
    if (i === stallAfter) await new Promise(() => undefined);
    await new Promise((r) => setTimeout(r, delays[i]));
    yield i;
  }
}

describe('withIdleTimeout', () => {
  it('should pass every part of a stream that keeps talking', async () => {
    const seen: number[] = [];
    for await (const p of withIdleTimeout(parts([5, 5, 5]), 1000)) seen.push(p);
    expect(seen).toEqual([0, 1, 2]);
  });

  it('should throw IdleTimeoutError when the stream stalls after a part', async () => {
    const seen: number[] = [];
    const run = async () => {
      for await (const p of withIdleTimeout(parts([1, 1, 1], 1), 50)) seen.push(p);
    };
    await expect(run()).rejects.toBeInstanceOf(IdleTimeoutError);
    expect(seen).toEqual([0]);
  });
});
