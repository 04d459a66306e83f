import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TurnGate } from './turn-gate.js';

/** Holds the event loop for `ms`, as a send's synchronous setup does. */
const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin
  }
};

/** A connected loopback pair: what one end writes is in the other's kernel buffer at once. */
async function socketPair(): Promise<{ client: net.Socket; server: net.Socket; close: () => void }> {
  const listener = net.createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as net.AddressInfo;
  const accepted = new Promise<net.Socket>((resolve) => listener.once('connection', resolve));
  const client = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => client.once('connect', resolve));
  const server = await accepted;
  return {
    client,
    server,
    close: () => {
      client.destroy();
      server.destroy();
      listener.close();
    },
  };
}

describe('TurnGate', () => {
  let cleanup: (() => void) | undefined;
  afterEach(() => cleanup?.());

  it('should let the first unit in at once and the rest one per turn, in arrival order', async () => {
    const gate = new TurnGate();
    expect(gate.enter()).toBeUndefined();
    const order: string[] = [];
    const second = gate.enter();
    const third = gate.enter();
    expect(second).toBeInstanceOf(Promise);
    expect(gate.queued).toBe(2);
    void third?.then(() => order.push('third'));
    void second?.then(() => order.push('second'));
    await third;
    expect(order).toEqual(['second', 'third']);
    expect(gate.queued).toBe(0);
    // Once the queue has drained and a turn has passed, the next unit enters at once again.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(gate.enter()).toBeUndefined();
  });

  it('should read sockets between the units of a burst', async () => {
    const pair = await socketPair();
    cleanup = pair.close;
    const order: string[] = [];
    pair.server.on('data', () => order.push('socket read'));
    const run = async (gate: TurnGate | undefined, units: number) => {
      order.length = 0;
      // The bytes are in the server socket's kernel buffer before any unit starts.
      await new Promise<void>((resolve) => pair.client.write('x', () => resolve()));
      await Promise.all(
        Array.from({ length: units }, async (_, i) => {
          await gate?.enter();
          busy(2);
          order.push(`unit ${i}`);
        }),
      );
      await new Promise<void>((resolve) => {
        const check = () => (order.includes('socket read') ? resolve() : setTimeout(check, 5));
        check();
      });
      return order.indexOf('socket read');
    };

    // Without the gate the whole burst runs before the loop reads the socket…
    expect(await run(undefined, 10)).toBe(10);
    // …with it, the read comes after at most two units (the one in this turn and the next turn's).
    expect(await run(new TurnGate(), 10)).toBeLessThanOrEqual(2);
  });

  it('should go on at once with the next step of a unit when no other unit waits', () => {
    const gate = new TurnGate();
    expect(gate.enter()).toBeUndefined();
    expect(gate.resume()).toBeUndefined();
    expect(gate.queued).toBe(0);
  });

  it('should give each step of a started unit its own turn, ahead of the units not started yet', async () => {
    const gate = new TurnGate();
    const order: string[] = [];
    // Counts the loop's turns while units wait.
    let turn = 0;
    const countTurns = () => {
      turn += 1;
      if (gate.queued > 0 || turn < 3) setImmediate(countTurns);
    };
    setImmediate(countTurns);
    /** A unit of two steps that logs each step with the turn it ran in. */
    const unit = async (name: string) => {
      await gate.enter();
      order.push(`${name} step 1 (turn ${turn})`);
      await gate.resume();
      order.push(`${name} step 2 (turn ${turn})`);
    };
    await Promise.all([unit('a'), unit('b'), unit('c')]);
    // a starts at once; its second step waits because b and c wait, but runs before b starts.
    expect(order.map((line) => line.replace(/ \(turn \d+\)/, ''))).toEqual([
      'a step 1',
      'a step 2',
      'b step 1',
      'b step 2',
      'c step 1',
      'c step 2',
    ]);
    // One step per turn: no two steps share a turn (c's last step goes on at once: nothing waits).
    const turns = order.slice(0, 5).map((line) => Number(/turn (\d+)/.exec(line)?.[1]));
    expect(new Set(turns).size).toBe(5);
  });

  it('should answer idle at once when nothing waits, else once the last waiting unit is let in', async () => {
    const gate = new TurnGate();
    let quiet = false;
    await gate.idle();
    expect(gate.enter()).toBeUndefined();
    const order: string[] = [];
    const second = gate.enter();
    const third = gate.enter();
    void gate.idle().then(() => {
      quiet = true;
      order.push('idle');
    });
    void second?.then(() => order.push('second'));
    void third?.then(() => order.push('third'));
    await second;
    expect(quiet).toBe(false);
    await third;
    await Promise.resolve();
    expect(order).toEqual(['second', 'third', 'idle']);
    expect(gate.queued).toBe(0);
  });
});
