/**
 * Failpoints: named places where a crash test kills the process on purpose (FAILPOINTS, never
 * in production: config refuses it there). Each armed name ends the process with SIGKILL the
 * first time it is reached — a real crash, no cleanup, no shutdown hooks — so the tests prove
 * what survives one at that exact step, not what timing luck lets through.
 */
export const FAILPOINTS = [
  /** A send's charge and messages are committed; nothing of the model's answer is read yet (issue #50: it may be asked). */
  'reply.admitted',
  /** The reply's first text has been sent to its user's devices. */
  'reply.streaming',
  /** A skill call's surcharge is charged and the call is running. */
  'reply.tool-running',
  /** Inside the settlement's transaction: the reply's end is written, its refunds are not. */
  'reply.settle.after-end',
  /** Inside the settlement's transaction: everything written, not yet committed. */
  'reply.settle.before-commit',
  /** The settlement is committed; its events are not yet sent. */
  'reply.settled',
] as const;

export type Failpoint = (typeof FAILPOINTS)[number];

let armed: ReadonlySet<string> = new Set();

/** Arms the failpoints named in a comma-separated list (config's FAILPOINTS); empty disarms all. */
export function armFailpoints(list: readonly string[]): void {
  const unknown = list.filter((name) => !(FAILPOINTS as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`FAILPOINTS: unknown failpoint ${unknown.join(', ')} (known: ${FAILPOINTS.join(', ')})`);
  armed = new Set(list);
}

/** Kills this process here when `name` is armed; a no-op otherwise (one Set lookup). */
export function failpoint(name: Failpoint): void {
  if (armed.size === 0 || !armed.has(name)) return;
  process.kill(process.pid, 'SIGKILL');
  // The signal is delivered asynchronously: run nothing more of this process until it lands.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10_000);
}
