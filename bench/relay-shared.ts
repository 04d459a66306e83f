/**
 * What bench/relay.ts and its child processes (relay-model.ts, relay-clients.ts) share: the clock,
 * the stamps the fake model puts into its tokens, the event-loop delay monitor and the IPC messages.
 *
 * The clock is `process.hrtime` (CLOCK_MONOTONIC on Linux): one clock for every process on the
 * machine, never stepped by NTP or a wall-clock change, nanosecond resolution. `performance.now()`
 * is per process (its origin is each process's start), and `performance.timeOrigin + now()` ties it to
 * the wall clock sampled once per process, so two processes' values can differ by the wall clock's
 * steps between their starts; CLOCK_MONOTONIC cannot. relay.ts checks the shared clock at start
 * (a child's reading must fall between the parent's readings before and after asking it).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** Milliseconds on the machine-wide monotonic clock (same value in every process at one instant). */
export const clockMs = (): number => Number(process.hrtime.bigint()) / 1e6;

/** The first and last tokens carry the model's clock reading when it wrote them. */
export const firstStamp = (ms: number) => `@@F=${ms.toFixed(4)}@@ `;
export const lastStamp = (ms: number) => `@@L=${ms.toFixed(4)}@@`;
/** When the model's server saw the request arrive (bench/admission.ts: the send → the model asked). */
export const askedStamp = (ms: number) => `@@A=${ms.toFixed(4)}@@ `;
export const readAskedStamp = (text: string): number | undefined => {
  const m = /@@A=([\d.]+)@@/.exec(text);
  return m ? Number(m[1]) : undefined;
};
export const readFirstStamp = (text: string): number | undefined => {
  const m = /@@F=([\d.]+)@@/.exec(text);
  return m ? Number(m[1]) : undefined;
};
export const readLastStamp = (text: string): number | undefined => {
  const m = /@@L=([\d.]+)@@/.exec(text);
  return m ? Number(m[1]) : undefined;
};

export interface LagFigures {
  p50: number;
  p99: number;
  max: number;
}

/** This process's event-loop delay (2 ms resolution), reset per level. */
export function loopLag() {
  const histogram = monitorEventLoopDelay({ resolution: 2 });
  histogram.enable();
  return {
    reset: () => histogram.reset(),
    figures: (): LagFigures => ({
      p50: histogram.percentile(50) / 1e6,
      p99: histogram.percentile(99) / 1e6,
      max: histogram.max / 1e6,
    }),
  };
}

/** One stream as a load generator measured it (ms). */
export interface StreamSample {
  /** Model's first token written → this client's first `message.delta`. */
  first: number;
  /** Model's last token written → this client's `message.done`. */
  last: number;
  /** This client's `sendMessage` → its first `message.delta`. */
  sendToFirst: number;
}

export type ToClients =
  | { type: 'connect'; url: string; users: Array<{ token: string; chatIds: string[] }> }
  /** Sends at these clock times (ms); `resetLag` starts a new level's event-loop figures. */
  | { type: 'round'; sends: Array<{ chatId: string; at: number }>; resetLag: boolean }
  | { type: 'close' };
export type FromClients =
  | { type: 'ready'; clock: number }
  | { type: 'round-done'; samples: StreamSample[]; failures: string[]; lag: LagFigures; cpuUs: number };

export type ToModel = { type: 'lag-reset' } | { type: 'lag' } | { type: 'clock' };
export type FromModel =
  | { type: 'listening'; baseUrl: string }
  | { type: 'lag'; lag: LagFigures; cpuUs: number; peakStreams: number }
  | { type: 'clock'; clock: number };
