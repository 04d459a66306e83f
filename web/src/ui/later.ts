/**
 * Work that can wait for a task of its own (highlighting a code block just rendered): jobs run in
 * later tasks, a few milliseconds' worth per task, so the task that rendered them stays short and
 * a batch of them never becomes one long task (issue #50 item 3).
 */
const jobs = new Set<() => void>();
let scheduled = false;
/** A task's share: past it the rest waits for the next task (one job always runs). */
const BUDGET_MS = 8;

function run(): void {
  scheduled = false;
  const start = performance.now();
  for (const job of jobs) {
    jobs.delete(job);
    job();
    if (performance.now() - start > BUDGET_MS) break;
  }
  schedule();
}

function schedule(): void {
  if (scheduled || jobs.size === 0) return;
  scheduled = true;
  setTimeout(run, 0);
}

/** Runs `job` in a later task; the function returned cancels it if it has not run yet. */
export function inLaterTask(job: () => void): () => void {
  jobs.add(job);
  schedule();
  return () => {
    jobs.delete(job);
  };
}
