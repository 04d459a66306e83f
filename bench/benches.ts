/**
 * Every benchmark `npm run bench` (bench/run-all.ts) runs, in this order, each in its own
 * process. To add one, append an entry: a script in bench/ that prints its figures and hands its
 * markdown to `report()` (bench/lib/report.ts); run-all puts that markdown into
 * docs/PERFORMANCE.md under the entry's title. `needsBuild`: run-all builds the app first
 * (`npm run build`) when any selected entry needs it.
 */
export interface BenchEntry {
  /** Short name: `npm run bench -- relay rest` runs only those. */
  id: string;
  /** Script path relative to bench/. */
  file: string;
  title: string;
  needsBuild?: boolean;
  /** Extra environment for the script. */
  env?: Record<string, string>;
}

export const benches: BenchEntry[] = [
  { id: 'relay', file: 'relay.ts', title: 'Stream relay', needsBuild: true },
  {
    id: 'processes',
    file: 'processes.ts',
    title: 'Stream relay across 1, 2 and 4 processes behind a load balancer (Redis)',
    needsBuild: true,
  },
  {
    id: 'capacity',
    file: 'capacity.ts',
    title: 'Capacity: unit costs per send and per token, and the model of docs/CAPACITY.md',
    needsBuild: true,
  },
  {
    id: 'admission',
    file: 'admission.ts',
    title: 'Admission: a send → the model asked, idle and 200 new chats at once (SQLite, PostgreSQL)',
    needsBuild: true,
  },
  { id: 'send-cost', file: 'send-cost.ts', title: 'What one send costs on SQLite: statements and database time' },
  { id: 'engine', file: 'engine.ts', title: 'Reply engine: CPU per token, old loop against new' },
  { id: 'scale', file: 'scale.ts', title: 'Idle sockets + streams in one process', needsBuild: true },
  { id: 'rest', file: 'rest.ts', title: 'REST latency and the personas catalog', needsBuild: true },
  { id: 'big-posts', file: 'big-posts.ts', title: 'Big unauthenticated POSTs (event-loop lag)' },
  { id: 'fanout', file: 'fanout.ts', title: 'Socket fan-out' },
  { id: 'speech', file: 'speech.ts', title: 'Speech' },
  {
    id: 'startup',
    file: 'startup.ts',
    title: 'Start-up: the server until it listens, an admin CLI run',
    needsBuild: true,
  },
  { id: 'bundle', file: 'bundle.ts', title: 'Bundle and Lighthouse', needsBuild: true },
  { id: 'search', file: 'search.ts', title: 'Message search and the data archive', needsBuild: true },
  { id: 'archive', file: 'archive.ts', title: '"Download my data" with 1 GB of uploads (event-loop delay, memory)' },
  { id: 'memory', file: 'memory.ts', title: 'Memory lookup per send (2,000 items)' },
  {
    id: 'documents',
    file: 'documents.ts',
    title: 'Documents: a 300-page PDF off the event loop; grounding over 1,000 documents',
  },
  { id: 'long-chat', file: 'long-chat.ts', title: 'Long chat and long reply in Chromium', needsBuild: true },
  {
    id: 'admin-dashboard',
    file: 'admin-dashboard.ts',
    title: 'Operator console: the dashboard over 1 million ledger rows (PostgreSQL)',
    needsBuild: true,
  },
];
