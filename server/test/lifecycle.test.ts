import { startTestApp } from '@neura/test-kit/server/in-process';
import { describe, expect, it } from 'vitest';

/**
 * The app's boot and close order is derived from what each part declares it needs
 * (lib/lifecycle.ts): this checks, on the real app, that every part started after and stopped
 * before everything it needs, and that what each part truly uses is declared.
 */
describe('app lifecycle', () => {
  it('should start every part after what it needs and stop it before them, in reverse', async () => {
    const t = await startTestApp();
    const { order, started } = t.lifecycle;
    await t.stop();
    const { stopped } = t.lifecycle;
    expect(started).toEqual(order.map((p) => p.name));
    expect(stopped).toEqual([...started].reverse());
    for (const part of order) {
      for (const need of part.after ?? []) {
        expect({ part: part.name, need, startedFirst: started.indexOf(need) < started.indexOf(part.name) }).toEqual({
          part: part.name,
          need,
          startedFirst: true,
        });
        expect(stopped.indexOf(need)).toBeGreaterThan(stopped.indexOf(part.name));
      }
    }
    // What the parts use, as the order must reflect it: a job (the reply sweep) never runs without
    // the conversation, nor a reply without sockets, nor sockets without the HTTP server, nor
    // anything without the database.
    const before = (first: string, then: string) => stopped.indexOf(first) < stopped.indexOf(then);
    expect(before('jobs', 'conversation')).toBe(true);
    expect(before('jobs', 'takeout')).toBe(true);
    expect(before('conversation', 'realtime')).toBe(true);
    expect(before('admin-channel', 'realtime')).toBe(true);
    expect(before('realtime', 'http')).toBe(true);
    expect(before('http', 'skills')).toBe(true);
    expect(stopped.slice(-2).sort()).toEqual(['db', 'redis']);
  });

  it('should run no job after close (the queue drained before the database closed)', async () => {
    const t = await startTestApp();
    await t.stop();
    expect(await t.jobs.runDue(Date.now() + 24 * 3_600_000)).toBe(0);
  });
});
