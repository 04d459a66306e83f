/**
 * The capacity model of docs/CAPACITY.md, fed by bench/capacity.ts's measured unit costs: the
 * figures per send and per token, then users and sends per second per core and the gain of N
 * processes on PostgreSQL + Redis, with the first bottleneck at each step. Every assumption is a
 * constant here, overridable by the environment (CAPACITY_MSGS_PER_HOUR=… and so on).
 */
export interface Phase {
  tokens: number;
  sockets: number;
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

type Key = Exclude<keyof Phase, 'tokens' | 'sockets'>;
/** Splits a figure into its cost per send and per token from the short and the long phase. */
export function split(costs: Costs, key: Key): { send: number; token: number } {
  const [short, long] = costs.phases as [Phase, Phase];
  const token = (long[key] - short[key]) / (long.tokens - short.tokens);
  return { send: short[key] - short.tokens * token, token };
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
    usecPerPublish2: long.redisUsecPerPublish,
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

/** Cluster sends/s with N app processes and each bound; the first bottleneck is the smallest. */
export function predict(u: Units, n: number) {
  const a = assumptions;
  const budget = a.headroom * 1e6;
  const bounds = {
    'app processes': (budget * n) / (u.sendUs + (n - 1) * u.peerUs),
    database: (budget * a.dbCores) / u.pgUs,
    // One Redis thread; a PUBLISH costs in proportion to its subscribers (measured with 2: app + peer).
    'Redis fan-out': budget / (u.publishes * ((u.usecPerPublish2 * Math.max(n, 1)) / 2)),
    // One balancer core, of the kind bench/processes.ts runs (Node, L4): per machine of app processes.
    balancer: budget / u.balancerUs,
  };
  const [first, sendsPerSecond] = Object.entries(bounds).sort((x, y) => x[1] - y[1])[0] as [string, number];
  return { n, bounds, first, sendsPerSecond, users: (sendsPerSecond * 3600) / a.msgsPerHour };
}

/**
 * This 2-core machine in bench/processes.ts (20-token streams, closed loop): N app processes share
 * the 2 cores with the fake model, the load generators, the balancer, PostgreSQL and Redis, whose
 * CPU per stream (OTHER_US_PER_STREAM) and the one process's busiest event-loop share
 * (LOOP_UTILIZATION) come from the recorded quiet run (docs/history/PERFORMANCE-2026-11.md: at 1
 * process the app used 0.86 of a core and the machine was 83 % busy at 120.4 streams/s).
 */
export function twoCoreCheck(u: Units, n: number) {
  const cores = knob('MACHINE_CORES', 2);
  const other = knob('OTHER_US_PER_STREAM', 6600);
  const utilization = knob('LOOP_UTILIZATION', 0.86);
  const tokens = 20;
  const own = u.app.send + tokens * u.app.token;
  const peer = u.peer.send + tokens * u.peer.token;
  const appPerStream = own + (n - 1) * peer;
  const loopBound = (n * utilization * 1e6) / appPerStream;
  const machineBound = (cores * 1e6) / (appPerStream + other);
  return { streamsPerSecond: Math.min(loopBound, machineBound), appPerToken: appPerStream / tokens };
}

const f = (v: number, d = 0) =>
  Number.isFinite(v) ? v.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d }) : 'n/a';

export function modelLines(results: Costs[]): string[] {
  const a = assumptions;
  const lines = [
    '| Unit cost (per send + per token) | ' + results.map((r) => r.kind).join(' | ') + ' |',
    '|---|' + results.map(() => '---:|').join(''),
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
    `| Redis CPU µs per PUBLISH (INFO commandstats, 2 subscribers) | ${cell((u) => f(u.usecPerPublish2, 1), false)} |`,
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
    const base = predict(u, 1).sendsPerSecond;
    lines.push(
      '',
      '| App processes (machines of ' +
        a.coresPerMachine +
        ' cores) | app-bound sends/s | database | Redis fan-out | balancer | predicted sends/s (gain) | active users | first bottleneck |',
      '|---:|---:|---:|---:|---:|---:|---:|---|',
    );
    for (const n of [1, 2, 4, 8, 16, 32, 64, 128]) {
      const p = predict(u, n);
      const b = p.bounds;
      lines.push(
        `| ${n} (${f(Math.ceil(n / a.coresPerMachine))}) | ${f(b['app processes'])} | ${f(b.database)} | ${f(b['Redis fan-out'])} | ${f(b.balancer)} | ${f(p.sendsPerSecond)} (${f(p.sendsPerSecond / base, 2)}×) | ${f(p.users)} | ${p.first} |`,
      );
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
