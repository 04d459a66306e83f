/**
 * 0020: a background job (jobs/, issue #42). Times are ISO strings like every other table's.
 * `key`: a recurring schedule's (or a deduplicated job's) unique name; null for plain jobs.
 */
export interface JobsTable {
  id: string;
  name: string;
  key: string | null;
  /** The handler's input, JSON. */
  payload: string;
  status: 'queued' | 'running' | 'failed';
  /** Claims so far (a claim counts, so a process that died mid-run used an attempt). */
  attempts: number;
  max_attempts: number;
  run_at: string;
  locked_by: string | null;
  /** A running job's lease: past it, another process may claim the job again. */
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}
