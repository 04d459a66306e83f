import { describe, expect, it } from 'vitest';
import { Slots } from './slots.js';

/** A job the test ends by hand. */
function held() {
  let end: (value: string) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const done = new Promise<string>((resolve, reject) => {
    end = resolve;
    fail = reject;
  });
  let started = false;
  return {
    job: () => {
      started = true;
      return done;
    },
    end: (v: string) => end(v),
    fail: (e: Error) => fail(e),
    started: () => started,
  };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('Slots', () => {
  it('runs at most `size` jobs at once, the others in arrival order as slots free', async () => {
    const slots = new Slots(2);
    const jobs = [held(), held(), held(), held()];
    const results = jobs.map((j) => slots.run(j.job));
    await turn();
    expect(jobs.map((j) => j.started())).toEqual([true, true, false, false]);
    jobs[1]?.end('b');
    await turn();
    expect(jobs.map((j) => j.started())).toEqual([true, true, true, false]);
    jobs[0]?.end('a');
    jobs[2]?.end('c');
    await turn();
    expect(jobs[3]?.started()).toBe(true);
    jobs[3]?.end('d');
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    // Every slot is free again: two new jobs start at once.
    const [e, f] = [held(), held()];
    void slots.run(e.job);
    void slots.run(f.job);
    await turn();
    expect([e.started(), f.started()]).toEqual([true, true]);
    e.end('e');
    f.end('f');
  });

  it('a failed job frees its slot and its caller gets the failure', async () => {
    const slots = new Slots(1);
    const [first, second] = [held(), held()];
    const a = slots.run(first.job);
    const b = slots.run(second.job);
    await turn();
    expect(second.started()).toBe(false);
    first.fail(new Error('title failed'));
    await expect(a).rejects.toThrow('title failed');
    await turn();
    expect(second.started()).toBe(true);
    second.end('ok');
    expect(await b).toBe('ok');
    const third = held();
    const c = slots.run(third.job);
    await turn();
    expect(third.started()).toBe(true);
    third.end('free');
    expect(await c).toBe('free');
  });
});
