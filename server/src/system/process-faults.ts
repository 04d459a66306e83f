import { currentRequestId } from '../lib/request-context.js';

/** The two kinds of fault a bug can leave at the process level. */
export type ProcessFaultKind = 'unhandled_rejection' | 'uncaught_exception';

/** The log line every process fault writes (the test kit fails a run whose server printed it). */
export const PROCESS_FAULT_MESSAGE = 'process fault: a bug left an error unhandled';

export interface ProcessFaultPolicy {
  log: { error: (object: object, message: string) => void; fatal: (object: object, message: string) => void };
  /** Counts the fault (`neura_process_faults_total{kind}` when metrics are on). */
  count: (kind: ProcessFaultKind) => void;
  /** Drains the process and exits non-zero (graceful shutdown: replies settle, then a supervisor restarts it). */
  restart: () => void;
}

/**
 * What the process does when a bug leaves an error unhandled (docs/ARCHITECTURE.md "Process faults"):
 * - an unhandled promise rejection is logged with the request id it happened under, counted in
 *   `/metrics`, and the process keeps serving: a rejected promise unwinds nothing, so one user's
 *   bug is never everyone's outage (Node's default would end the process);
 * - an uncaught exception is logged and counted the same way, then the process drains (every
 *   reply settles as after a Stop or a shutdown, refunds included) and exits with code 1, for its
 *   supervisor to start it again: after a throw nothing handled, Node's own advice is that the
 *   process state cannot be trusted.
 * Returns the function that removes the handlers (tests).
 */
export function installProcessFaultHandlers(policy: ProcessFaultPolicy): () => void {
  const onRejection = (reason: unknown) => {
    policy.count('unhandled_rejection');
    policy.log.error({ err: reason, kind: 'unhandled_rejection', reqId: currentRequestId() }, PROCESS_FAULT_MESSAGE);
  };
  let restarting = false;
  const onException = (error: Error) => {
    policy.count('uncaught_exception');
    policy.log.fatal({ err: error, kind: 'uncaught_exception', reqId: currentRequestId() }, PROCESS_FAULT_MESSAGE);
    if (restarting) return;
    restarting = true;
    policy.restart();
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}
