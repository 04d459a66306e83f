/**
 * The capacity model of docs/CAPACITY.md, fed by bench/capacity.ts's measured unit costs: the
 * figures per send and per token, then users and sends per second per core and the gain of N
 * processes on PostgreSQL + Redis, with the first bottleneck at each step. Every assumption is a
 * constant here, overridable by the environment (CAPACITY_MSGS_PER_HOUR=… and so on).
 */
export interface Phase {
  tokens: number;
  sockets: number;
  subscribers: number;
  appCpuUs: number;
  peerCpuUs: number;
  balancerCpuUs: number;
  pgCpuUs: number;
  statements: number;
  pgRoundTripMs: number;
  redisCommands: number;
  redisPublish: number;
  redisUsecPerPublish: number;
  redisBytesUp: number;
  redisBytesDown: number;
  wireBytesDown: number;
  wireBytesUp: number;
  deltas: number;
}
export interface Costs {
  kind: 'sqlite' | 'postgres';
  phases: Phase[];
}

const knob = (name: string, fallback: number) => Number(process.env[`CAPACITY_${name}`] ?? fallback);
/** A typical active user: messages per hour, tokens per reply, sockets (devices) open. */
export const assumptions = {
  msgsPerHour: knob('MSGS_PER_HOUR', 20),
  tokensPerReply: knob('TOKENS_PER_REPLY', 300),
  socketsPerUser: knob('SOCKETS_PER_USER', 1.5),
  /** Share of a core a process may use before latency suffers (loop delay grows near 100 %). */
  headroom: knob('HEADROOM', 0.7),
  /** Cores of the PostgreSQL machine. */
  dbCores: knob('DB_CORES', 8),
  /** App cores per machine (one process per core). */
  coresPerMachine: knob('CORES_PER_MACHINE', 8),
};

type Key = Exclude<keyof Phase, 'tokens' | 'sockets' | 'subscribers'>;
/** Splits a figure into its cost per send and per token from the short and the long phase. */
export function split(costs: Costs, key: Key): { send: number; token: number } {
  const [short, long] = costs.phases as [Phase, Phase];
  const token = (long[key] - short[key]) / (long.tokens - short.tokens);
  return { send: short[key] - short.tokens * token, token };
}

function publishCost(costs: Costs): { fixed: number; perSubscriber: number } {
  const base = costs.phases[1] as Phase;
  const more = costs.phases[3];
  if (!more) return { fixed: 0, perSubscriber: base.redisUsecPerPublish / 2 };
  const perSubscriber = Math.max(0, (more.redisUsecPerPublish - base.redisUsecPerPublish) / (more.subscribers - 2));
  return { fixed: Math.max(0, base.redisUsecPerPublish - 2 * perSubscriber), perSubscriber };
}

/** The unit costs the model uses, for one setup. */
export function unitCosts(costs: Costs) {
  const long = costs.phases[1] as Phase;
  const two = costs.phases[2] as Phase;
  const a = assumptions;
  // CPU read from /proc in 10 ms ticks: a part below zero is noise, taken as zero.
  const clamp = (c: { send: number; token: number }) => ({ send: Math.max(0, c.send), token: Math.max(0, c.token) });
  const app = clamp(split(costs, 'appCpuUs'));
  const peer = clamp(split(costs, 'peerCpuUs'));
  const balancer = clamp(split(costs, 'balancerCpuUs'));
  const pg = clamp(split(costs, 'pgCpuUs'));
  const publish = split(costs, 'redisPublish');
  const extraSocketPerToken = (two.appCpuUs - long.appCpuUs) / long.tokens;
  const T = a.tokensPerReply;
  const S = a.socketsPerUser;
  return {
    app,
    peer,
    balancer,
    pg,
    publish,
    extraSocketPerToken,
    statements: split(costs, 'statements'),
    commands: split(costs, 'redisCommands'),
    wire: split(costs, 'wireBytesDown'),
    redisDown: split(costs, 'redisBytesDown'),
    /** Redis CPU µs per PUBLISH: a fixed part and a part per subscriber (the last phase adds subscribers). */
    publishUsec: publishCost(costs),
    pgRoundTripMs: long.pgRoundTripMs,
    /** CPU µs of the process that holds the user's socket, for one typical send. */
    sendUs: app.send + T * app.token + (S - 1) * T * Math.max(0, extraSocketPerToken),
    /** CPU µs every OTHER process spends on that send (Socket.IO's Redis adapter broadcasts to all). */
    peerUs: Math.max(0, peer.send + T * peer.token),
    balancerUs: balancer.send + T * S * balancer.token,
    pgUs: pg.send + T * pg.token,
    publishes: publish.send + T * publish.token,
  };
}

export type Units = ReturnType<typeof unitCosts>;

/**
 * Cluster sends/s with N app processes and each bound; the first bottleneck is the smallest.
 * `classic`: Socket.IO's Redis adapter as configured today (every process hears every broadcast,
 * so each pays `peerUs` for every other process's send). `rooms`: what-if a process heard only the
 * rooms of its own sockets (per-room channels): no peer cost, one subscriber per PUBLISH.
 */
export function predict(u: Units, n: number, fanout: 'classic' | 'rooms' = 'classic') {
  const a = assumptions;
  const budget = a.headroom * 1e6;
  const peer = fanout === 'classic' ? u.peerUs : 0;
  // One Redis thread; a PUBLISH costs a fixed part plus a part per subscriber (both measured).
  const subscribers = fanout === 'classic' ? Math.max(n, 1) : 1;
  const bounds = {
    'app processes': (budget * n) / (u.sendUs + (n - 1) * peer),
    database: (budget * a.dbCores) / u.pgUs,
    'Redis fan-out': budget / (u.publishes * (u.publishUsec.fixed + subscribers * u.publishUsec.perSubscriber)),
  };
  const [first, sendsPerSecond] = Object.entries(bounds).sort((x, y) => x[1] - y[1])[0] as [string, number];
  // The balancer scales by adding cores or instances: how many cores of bench/processes.ts's Node L4 balancer it needs.
  const balancerCores = (sendsPerSecond * u.balancerUs) / budget;
  return { n, bounds, first, sendsPerSecond, balancerCores, users: (sendsPerSecond * 3600) / a.msgsPerHour };
}

/**
 * This 2-core machine in bench/processes.ts (20-token streams, closed loop): N app processes share
 * the 2 cores with the fake model, the load generators, the balancer, PostgreSQL and Redis. From
 * the recorded quiet run (docs/history/PERFORMANCE-2026-11.md, 1 process: the app used 0.86 of a
 * core, the machine was 83 % busy): the others' CPU per stream is OTHER_SHARE = (2 × 0.83 − 0.86)
 * / 0.86 = 0.93 of the app's, and one event loop gives at most LOOP_UTILIZATION = 0.86 of a core.
 */
export function twoCoreCheck(u: Units, n: number) {
  const cores = knob('MACHINE_CORES', 2);
  const otherShare = knob('OTHER_SHARE', 0.93);
  const utilization = knob('LOOP_UTILIZATION', 0.86);
  const tokens = 20;
  const own = u.app.send + tokens * u.app.token;
  const peer = u.peer.send + tokens * u.peer.token;
  const appPerStream = own + (n - 1) * peer;
  const loopBound = (n * utilization * 1e6) / appPerStream;
  const machineBound = (cores * 1e6) / (appPerStream + otherShare * own);
  return { streamsPerSecond: Math.min(loopBound, machineBound), appPerToken: appPerStream / tokens };
}

const f = (v: number, d = 0) =>
  Number.isFinite(v) ? v.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d }) : 'n/a';

export function modelLines(results: Costs[]): string[] {
  const a = assumptions;
  const lines = [
    `| Unit cost (per send + per token) | ${results.map((r) => r.kind).join(' | ')} |`,
    `|---|${results.map(() => '---:|').join('')}`,
  ];
  const pgOnly: Key[] = ['peerCpuUs', 'statements', 'pgCpuUs', 'redisCommands', 'redisPublish', 'redisBytesDown'];
  const row = (label: string, key: Key, d = 1) =>
    lines.push(
      `| ${label} | ${results
        .map((r) =>
          r.kind === 'sqlite' && pgOnly.includes(key)
            ? 'n/a'
            : ((s) => `${f(s.send, d)} + ${f(s.token, d + 1)}/token`)(split(r, key)),
        )
        .join(' | ')} |`,
    );
  row('app CPU µs (the process holding the socket)', 'appCpuUs', 0);
  row('peer app CPU µs (another process, no client)', 'peerCpuUs', 0);
  row('balancer CPU µs (Node L4, bench/processes-balancer.ts)', 'balancerCpuUs', 0);
  row('SQL statements', 'statements', 1);
  row('PostgreSQL backends CPU µs', 'pgCpuUs', 0);
  row('Redis commands', 'redisCommands', 1);
  row('Redis PUBLISH', 'redisPublish', 1);
  row('Redis bytes to the app (subscriptions and replies)', 'redisBytesDown', 0);
  row('bytes to one client socket (Socket.IO over WebSocket)', 'wireBytesDown', 0);
  row('`message.delta` frames', 'deltas', 2);
  const cell = (fn: (u: Units) => string, both = true) =>
    results.map((r) => (both || r.kind === 'postgres' ? fn(unitCosts(r)) : 'n/a')).join(' | ');
  lines.push(`| second socket of the user: app CPU µs per token | ${cell((u) => f(u.extraSocketPerToken, 1))} |`);
  lines.push(
    `| PostgreSQL round trip per statement (ms, as the app waits it) | ${cell((u) => f(u.pgRoundTripMs, 2), false)} |`,
  );
  lines.push(
    `| Redis CPU µs per PUBLISH: fixed + per subscriber (INFO commandstats, 2 and 10 subscribers) | ${cell((u) => `${f(u.publishUsec.fixed, 2)} + ${f(u.publishUsec.perSubscriber, 2)}`, false)} |`,
  );
  lines.push(
    '',
    `Model (assumptions: ${a.msgsPerHour} messages per user per hour, ${a.tokensPerReply} tokens per reply, ${a.socketsPerUser} sockets per user, cores used to ${a.headroom * 100} %, a ${a.dbCores}-core PostgreSQL, one Redis):`,
    '',
    `| | ${results.map((r) => r.kind).join(' | ')} |`,
    `|---|${results.map(() => '---:|').join('')}`,
    `| app CPU per typical send | ${cell((u) => `${f(u.sendUs / 1000, 2)} ms`)} |`,
    `| sends/s per core (one process) | ${cell((u) => f((a.headroom * 1e6) / u.sendUs, 1))} |`,
    `| active users per core | ${cell((u) => f((a.headroom * 1e6 * 3600) / u.sendUs / a.msgsPerHour))} |`,
    `| every other process's CPU per send | ${cell((u) => `${f(u.peerUs / 1000, 2)} ms`, false)} |`,
  );
  const clustered = results.find((r) => r.kind === 'postgres');
  if (clustered) {
    const u = unitCosts(clustered);
    for (const fanout of ['classic', 'rooms'] as const) {
      const base = predict(u, 1, fanout).sendsPerSecond;
      lines.push(
        '',
        `${fanout === 'classic' ? 'Today (Socket.IO classic Redis adapter: every process hears every broadcast)' : 'What-if: a process hears only its own sockets’ rooms (no peer cost, one subscriber per PUBLISH)'}; machines of ${a.coresPerMachine} cores, one process per core:`,
        '',
        '| App processes (machines) | app-bound sends/s | database | Redis fan-out | predicted sends/s (gain) | active users | first bottleneck | balancer cores needed (Node L4) |',
        '|---:|---:|---:|---:|---:|---:|---|---:|',
      );
      for (const n of [1, 2, 4, 8, 16, 32, 64, 128, 256]) {
        const p = predict(u, n, fanout);
        const b = p.bounds;
        lines.push(
          `| ${n} (${f(Math.ceil(n / a.coresPerMachine))}) | ${f(b['app processes'])} | ${f(b.database)} | ${f(b['Redis fan-out'])} | ${f(p.sendsPerSecond)} (${f(p.sendsPerSecond / base, 2)}×) | ${f(p.users)} | ${p.first} | ${f(p.balancerCores, 1)} |`,
        );
      }
    }
    const one = twoCoreCheck(u, 1).streamsPerSecond;
    lines.push(
      '',
      '| On this machine (2 cores, bench/processes.ts): processes | predicted streams/s (×) | predicted apps’ CPU per token | recorded (×, CPU per token) |',
      '|---:|---:|---:|---|',
    );
    const recorded: Record<number, string> = { 1: '1.00×, 357 µs', 2: '0.98×, 466 µs', 4: '0.76×, 655 µs' };
    for (const n of [1, 2, 4]) {
      const c = twoCoreCheck(u, n);
      lines.push(
        `| ${n} | ${f(c.streamsPerSecond, 1)} (${f(c.streamsPerSecond / one, 2)}×) | ${f(c.appPerToken)} µs | ${recorded[n]} |`,
      );
    }
  }
  return lines;
}
