import { makeImage } from '@neura/test-kit/images';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_NAMES } from '../src/jobs/names.js';

/** The app's background work runs as jobs of one registry (issue #42): past their timers, they run. */
describe('the app’s jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ FILES_UNSENT_TTL_HOURS: '1', METRICS_TOKEN: 'metrics-token-for-jobs' });
  });
  afterAll(() => t.stop());

  it('should schedule every recurring job once, in one row each, at start', async () => {
    const rows = await t.db.selectFrom('jobs').select(['name', 'key']).where('key', 'is not', null).execute();
    expect(rows.map((r) => r.name).sort()).toEqual(
      [
        'archives.sweep',
        'dashboard.days',
        'files.sweep-unsent',
        'personas.purge-deleted',
        'chats.expire-temporary',
      ].sort(),
    );
    expect(JOB_NAMES).toContain('replies.sweep'); // runs in each process: no row
  });

  it('should sweep an expired unsent upload when the housekeeping job’s time comes, then schedule it again', async () => {
    const user = await t.seed.user();
    const unsent = await t.drive.files.upload(user.id, await makeImage(8, 8), 'attachment');
    const old = new Date(Date.now() - 2 * 3600_000).toISOString();
    await t.db.updateTable('files').set({ created_at: old }).where('id', '=', unsent.id).execute();
    const exists = async () =>
      (await t.db.selectFrom('files').select('id').where('id', '=', unsent.id).execute()).length;

    const start = Date.now();
    await t.jobs.runDue(start + 30_000); // the first clean-up comes a minute after start
    expect(await exists()).toBe(1);
    await t.jobs.runDue(start + 61_000);
    expect(await exists()).toBe(0);
    const row = await t.db
      .selectFrom('jobs')
      .select(['status', 'run_at', 'attempts'])
      .where('key', '=', 'every:files.sweep-unsent')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('queued');
    expect(row.attempts).toBe(0);
    expect(Date.parse(row.run_at)).toBe(start + 61_000 + 15 * 60_000);
    // Counted: neura_jobs_total by name and outcome.
    const scraped = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-for-jobs' },
    });
    expect(scraped.body).toMatch(/^neura_jobs_total\{name="files\.sweep-unsent",outcome="complete"\} 1$/m);
    expect(scraped.body).toMatch(/^neura_job_duration_seconds_count\{name="files\.sweep-unsent"\} 1$/m);
  });
});
