import { describe, expect, it } from 'vitest';
import { bootOrder, Lifecycle, type LifecyclePart } from './lifecycle.js';

const names = (parts: readonly LifecyclePart[]) => parts.map((p) => p.name);

/** Parts that log their start and stop into `log`. */
function logged(log: string[], specs: Array<[string, string[]?]>): LifecyclePart[] {
  return specs.map(([name, after]) => ({
    name,
    after,
    start: () => void log.push(`start ${name}`),
    stop: () => void log.push(`stop ${name}`),
  }));
}

describe('lifecycle', () => {
  it('should boot each part after what it needs, otherwise in the order declared, and stop in reverse', async () => {
    const log: string[] = [];
    // Declared in the "wrong" order on purpose: jobs first, the database last.
    const life = new Lifecycle(
      logged(log, [
        ['jobs', ['conversation', 'db']],
        ['conversation', ['db', 'realtime']],
        ['realtime', ['http']],
        ['http'],
        ['db'],
      ]),
    );
    expect(names(life.order)).toEqual(['http', 'realtime', 'db', 'conversation', 'jobs']);
    await life.start();
    await life.stop();
    expect(log).toEqual([
      'start http',
      'start realtime',
      'start db',
      'start conversation',
      'start jobs',
      'stop jobs',
      'stop conversation',
      'stop db',
      'stop realtime',
      'stop http',
    ]);
  });

  it('should refuse an unknown dependency, a duplicate name and a circle', () => {
    expect(() => bootOrder([{ name: 'a', after: ['b'] }])).toThrow('"a" needs "b", which no module declares');
    expect(() => bootOrder([{ name: 'a' }, { name: 'a' }])).toThrow('two parts named "a"');
    expect(() =>
      bootOrder([{ name: 'a', after: ['c'] }, { name: 'b', after: ['a'] }, { name: 'c', after: ['b'] }, { name: 'd' }]),
    ).toThrow('a circle among a, b, c');
  });

  it('should stop what had started, in reverse, when a start fails', async () => {
    const log: string[] = [];
    const parts = logged(log, [['db'], ['http', ['db']], ['jobs', ['http']]]);
    (parts[1] as LifecyclePart).start = () => {
      throw new Error('port taken');
    };
    const life = new Lifecycle(parts);
    await expect(life.start()).rejects.toThrow('port taken');
    expect(log).toEqual(['start db', 'stop db']);
  });

  it('should stop every part even when one stop fails, then report the failure', async () => {
    const log: string[] = [];
    const parts = logged(log, [['db'], ['http', ['db']], ['jobs', ['http']]]);
    (parts[1] as LifecyclePart).stop = () => {
      throw new Error('still busy');
    };
    const life = new Lifecycle(parts);
    await life.start();
    await expect(life.stop()).rejects.toThrow('still busy');
    expect(life.stopped).toEqual(['jobs', 'http', 'db']);
    expect(log.slice(-2)).toEqual(['stop jobs', 'stop db']);
  });
});
