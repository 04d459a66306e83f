import { describe, expect, it } from 'vitest';
import { untilAborted } from './until-aborted.js';

const reason = () => new Error('aborted');

describe('untilAborted', () => {
  it('should answer the work when it settles first', async () => {
    const controller = new AbortController();
    await expect(untilAborted(Promise.resolve(7), controller.signal, reason)).resolves.toBe(7);
    await expect(untilAborted(Promise.reject(new Error('x')), controller.signal, reason)).rejects.toThrow('x');
  });

  it('should reject at the abort and leave a later rejection of the work handled', async () => {
    const controller = new AbortController();
    let fail: (error: Error) => void = () => undefined;
    const work = new Promise<number>((_, reject) => {
      fail = reject;
    });
    const raced = untilAborted(work, controller.signal, reason);
    controller.abort();
    await expect(raced).rejects.toThrow('aborted');
    const unhandled: unknown[] = [];
    const onUnhandled = (r: unknown) => unhandled.push(r);
    process.on('unhandledRejection', onUnhandled);
    fail(new Error('late'));
    await new Promise((r) => setTimeout(r, 20));
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
  });

  it('should reject at once on a signal already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(untilAborted(new Promise(() => undefined), controller.signal, reason)).rejects.toThrow('aborted');
  });
});
