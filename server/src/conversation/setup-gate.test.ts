import { describe, expect, it } from 'vitest';
import { SetupGate } from './setup-gate.js';

/** A setup that runs until `end` is called (as a send waiting for the database). */
function held(gate: SetupGate, fails = false) {
  let end: () => void = () => undefined;
  const done = gate.run(
    () =>
      new Promise<string>((resolve, reject) => {
        end = () => (fails ? reject(new Error('refused')) : resolve('stored'));
      }),
  );
  return { done, end: () => end() };
}

const settled = async (promise: Promise<unknown>) => {
  let state = false;
  void promise.then(
    () => (state = true),
    () => (state = true),
  );
  // Microtasks only: a later event-loop turn would let a queued setup in.
  for (let i = 0; i < 20; i++) await Promise.resolve();
  return state;
};

describe('SetupGate', () => {
  it('should call two pending setups a burst while neither waits for a turn, and one alone not', async () => {
    const gate = new SetupGate();
    const first = held(gate);
    expect(gate.burst()).toBe(false);
    const second = held(gate);
    await new Promise((r) => setImmediate(r));
    expect(gate.busy()).toBe(false);
    expect(gate.burst()).toBe(true);
    first.end();
    await first.done;
    expect(gate.burst()).toBe(false);
    second.end();
    await expect(second.done).resolves.toBe('stored');
  });

  it('should resolve quiet only once the last pending setup has ended, a refused one too', async () => {
    const gate = new SetupGate();
    const stored = held(gate);
    const refused = held(gate, true);
    const quiet = gate.quiet();
    stored.end();
    await stored.done;
    expect(await settled(quiet)).toBe(false);
    refused.end();
    await expect(refused.done).rejects.toThrow('refused');
    expect(await settled(quiet)).toBe(true);
    expect(gate.burst()).toBe(false);
    // With nothing pending, at once.
    expect(await settled(gate.quiet())).toBe(true);
  });

  it('should wait for setups queued for their turn as well', async () => {
    const gate = new SetupGate();
    expect(gate.enter()).toBeUndefined();
    const queued = gate.enter();
    expect(gate.busy()).toBe(true);
    expect(gate.burst()).toBe(true);
    const quiet = gate.quiet();
    expect(await settled(quiet)).toBe(false);
    await queued;
    await new Promise((r) => setImmediate(r));
    expect(await settled(quiet)).toBe(true);
  });
});
