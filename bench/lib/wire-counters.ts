/**
 * Counters on the wire for bench/capacity.ts, outside the app (its bundle is measured untouched):
 * - a counting TCP proxy (bytes each way; the local ports of its upstream connections);
 * - PostgreSQL's frontend/backend protocol read off that proxy: statements (Execute or simple
 *   Query messages) and each one's round trip (its Sync/Query → ReadyForQuery), as the app waits it;
 * - a Redis `MONITOR` connection that counts, per command name, only the commands sent on the
 *   proxy's upstream connections (other engineers' tests share the Redis server).
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';

export interface CountingProxy {
  port: number;
  /** Bytes client → target and target → client so far. */
  bytes: { up: number; down: number };
  /** Local ports of the proxy's connections to the target (what the target sees as the client). */
  upstreamPorts: Set<number>;
  close: () => Promise<void>;
}

export interface ProtocolTap {
  up: (connection: number, chunk: Buffer) => void;
  down: (connection: number, chunk: Buffer) => void;
}

export async function startCountingProxy(targetPort: number, tap?: ProtocolTap): Promise<CountingProxy> {
  const bytes = { up: 0, down: 0 };
  const upstreamPorts = new Set<number>();
  const open = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((client) => {
    const id = connections++;
    const upstream = net.connect(targetPort, '127.0.0.1');
    upstream.once('connect', () => upstream.localPort && upstreamPorts.add(upstream.localPort));
    for (const s of [client, upstream]) {
      open.add(s);
      s.setNoDelay(true);
      s.on('error', () => undefined);
      s.on('close', () => {
        open.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk: Buffer) => {
      bytes.up += chunk.length;
      tap?.up(id, chunk);
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      bytes.down += chunk.length;
      tap?.down(id, chunk);
      client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    bytes,
    upstreamPorts,
    close: async () => {
      for (const s of open) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Splits a stream of `type byte + int32 length` messages; the frontend's first message has no type byte. */
function framer(onMessage: (type: string, body: Buffer) => void, untypedFirst: boolean) {
  let pending: Buffer = Buffer.alloc(0);
  let first = untypedFirst;
  return (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      if (first) {
        if (pending.length < 4) return;
        const length = pending.readInt32BE(0);
        if (pending.length < length) return;
        const code = pending.readInt32BE(4);
        pending = pending.subarray(length);
        // An SSLRequest (80877103) is answered with one byte and followed by the real startup message.
        if (code !== 80877103) first = false;
        continue;
      }
      if (pending.length < 5) return;
      const total = 1 + pending.readInt32BE(1);
      if (pending.length < total) return;
      onMessage(String.fromCharCode(pending[0] as number), pending.subarray(5, total));
      pending = pending.subarray(total);
    }
  };
}

/**
 * PostgreSQL statements and their round trips, read off a counting proxy's traffic, and the process
 * ids of the backends serving those connections (each announces its own in BackendKeyData).
 */
export function postgresTap() {
  const stats = { statements: 0, roundTrips: 0, roundTripMs: 0, backendPids: new Set<number>() };
  const conns = new Map<number, { up: (c: Buffer) => void; down: (c: Buffer) => void; sent: number[] }>();
  const conn = (id: number) => {
    let c = conns.get(id);
    if (!c) {
      const sent: number[] = [];
      c = {
        sent,
        up: framer((type) => {
          if (type === 'E' || type === 'Q') stats.statements++;
          if (type === 'S' || type === 'Q') sent.push(performance.now());
        }, true),
        down: framer((type, body) => {
          if (type === 'K') stats.backendPids.add(body.readInt32BE(0));
          if (type !== 'Z') return;
          const t0 = sent.shift();
          if (t0 === undefined) return; // the ReadyForQuery after authentication
          stats.roundTrips++;
          stats.roundTripMs += performance.now() - t0;
        }, false),
      };
      conns.set(id, c);
    }
    return c;
  };
  // The server's SSL refusal is one untyped byte ('N'): no SSL here, so the backend stream is all typed.
  const tap: ProtocolTap = { up: (id, chunk) => conn(id).up(chunk), down: (id, chunk) => conn(id).down(chunk) };
  return { tap, stats };
}

/** Counts Redis commands per name sent from the given client ports, through a `MONITOR` connection. */
export async function redisMonitor(port: number, fromPorts: Set<number>) {
  const commands = new Map<string, number>();
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let rest = '';
  socket.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString('latin1')).split('\r\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      // +1764360000.123456 [0 127.0.0.1:54321] "PUBLISH" "neura#…" …
      const m = /^\+[\d.]+ \[\d+ [\d.]+:(\d+)\] "([^"]+)"/.exec(line);
      if (!m || !fromPorts.has(Number(m[1]))) continue;
      const name = (m[2] as string).toUpperCase();
      commands.set(name, (commands.get(name) ?? 0) + 1);
    }
  });
  socket.write('MONITOR\r\n');
  return {
    commands,
    close: () => {
      socket.destroy();
    },
  };
}

/** Redis's own `INFO commandstats`: calls and CPU µs per command name, server-wide (shared with others). */
export async function redisCommandStats(port: number): Promise<Map<string, { calls: number; usec: number }>> {
  const socket = net.connect(port, '127.0.0.1');
  const text = await new Promise<string>((resolve, reject) => {
    let data = '';
    socket.on('data', (chunk: Buffer) => {
      data += chunk.toString('latin1');
      const header = /^\$(\d+)\r\n/.exec(data);
      if (header && data.length >= header[0].length + Number(header[1])) resolve(data);
    });
    socket.once('error', reject);
    socket.write('INFO commandstats\r\n');
  });
  socket.destroy();
  const stats = new Map<string, { calls: number; usec: number }>();
  for (const m of text.matchAll(/cmdstat_([\w|]+):calls=(\d+),usec=(\d+)/g))
    stats.set((m[1] as string).toUpperCase(), { calls: Number(m[2]), usec: Number(m[3]) });
  return stats;
}
