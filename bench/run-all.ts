/** Runs every benchmark in turn (each prints its figures and records them in docs/PERFORMANCE.md). */
const benches = ['./relay.ts'];

for (const bench of benches) {
  console.log(`\n=== ${bench}`);
  await import(bench);
}
