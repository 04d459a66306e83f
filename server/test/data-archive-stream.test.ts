import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { ArchiveJob } from '@neura/contract';
import { makeImage, uploadFile } from '@neura/test-kit/images';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, startTestCluster, type TestApp, type TestCluster } from '@neura/test-kit/server/in-process';
import { withTestPort } from '@neura/test-kit/server/test-port';
import { readTarGz } from '@neura/test-kit/tar';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { archiveLimit } from '../src/takeout/service.js';
import { describeOnceWithServices } from './helpers/services-env.js';

/**
 * M1 (issue #40): "Download my data" streams (tar → gzip stream → a file under DATA_DIR/archives),
 * is served from that file and deleted once downloaded or expired; one build per account at a
 * time (also across processes on one database) and a daily limit per account. The event-loop and
 * memory budget of a 1 GB build is the benchmark's (`npm run bench -- archive`), not a test's.
 */

type Files = TestApp['drive']['files'];
type Opened = Awaited<ReturnType<Files['openOwned']>>;

/**
 * Makes every file of the archives the apps owning `filesList` build come from one stream the test writes, declared
 * `size` bytes long: the build waits on it, so the test sees it mid-way.
 */
function holdFiles(filesList: Files[], size: number): { source: PassThrough; restore: () => void } {
  const source = new PassThrough();
  const restores: Array<() => void> = [];
  let used = false;
  for (const files of filesList) {
    const original = files.openOwned;
    files.openOwned = async (userId: string, id: string): Promise<Opened> => {
      const opened = await original.call(files, userId, id);
      if (!opened || used) return opened;
      used = true;
      opened.stream.destroy();
      return { ...opened, size, stream: source };
    };
    restores.push(() => {
      files.openOwned = original;
    });
  }
  return {
    source,
    restore: () => {
      for (const r of restores) r();
    },
  };
}

const api = (t: TestApp, method: 'GET' | 'POST' | 'DELETE', url: string, user: TestUser | null, ip = '127.0.0.1') =>
  t.app.inject({
    method,
    url: `${t.apiPrefix}${url}`,
    headers: user ? { authorization: `Bearer ${user.token}` } : {},
    remoteAddress: ip,
  });

async function untilDone(t: TestApp, user: TestUser, id: string): Promise<ArchiveJob> {
  let job: ArchiveJob | undefined;
  await vi.waitFor(
    async () => {
      job = (await api(t, 'GET', `/users/me/archive/${id}`, user)).json() as ArchiveJob;
      expect(job.status).not.toBe('building');
    },
    { timeout: 20_000, interval: 20 },
  );
  return job as ArchiveJob;
}

const sizeOf = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);

describe('download my data: streamed to a file, deleted after download or expiry (M1)', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    t = await startTestApp({ ARCHIVES_PER_DAY: '3', ARCHIVE_KEEP_MINUTES: '30' });
    dir = path.join(t.config.DATA_DIR, 'archives');
  });
  afterAll(async () => {
    await t?.stop();
  });

  const withFile = async () => {
    const user = await t.seed.user();
    const upload = await uploadFile(`${t.url}${t.apiPrefix}`, user.token, await makeImage(8, 8));
    expect(upload.status).toBe(201);
    return { user, fileId: (upload.body as { id: string }).id };
  };

  it('should write the archive as it goes through gzip into a file under DATA_DIR, then serve it and delete it once downloaded', async () => {
    const { user, fileId } = await withFile();
    const bytes = randomBytes(3 * 1024 * 1024);
    const { source, restore } = holdFiles([t.drive.files], bytes.length);
    onTestFinished(restore);
    const start = await api(t, 'POST', '/users/me/archive', user, '10.40.0.1');
    expect(start.statusCode).toBe(202);
    const { id } = start.json() as ArchiveJob;
    const part = path.join(dir, `${id}.tar.gz.part`);
    const final = path.join(dir, `${id}.tar.gz`);

    // Two of the file's three MB in: they are compressed and on disk while the build waits for the rest.
    source.write(bytes.subarray(0, 2 * 1024 * 1024));
    await vi.waitFor(() => expect(sizeOf(part)).toBeGreaterThan(1024 * 1024), { timeout: 10_000, interval: 20 });
    expect(((await api(t, 'GET', `/users/me/archive/${id}`, user)).json() as ArchiveJob).status).toBe('building');
    expect(fs.existsSync(final)).toBe(false);
    if (process.platform !== 'win32') expect(fs.statSync(part).mode & 0o777).toBe(0o600);

    source.end(bytes.subarray(2 * 1024 * 1024));
    const job = await untilDone(t, user, id);
    expect(job).toMatchObject({ status: 'ready', progress: 1, size: sizeOf(final) });
    expect(fs.existsSync(part)).toBe(false);

    const res = await api(t, 'GET', `/users/me/archive/${id}/download`, user);
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(job.size);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(readTarGz(res.rawPayload).get(`files/${fileId}.png`)?.equals(bytes)).toBe(true);

    // Downloaded whole: the file and the job are gone.
    await vi.waitFor(() => expect(fs.existsSync(final)).toBe(false), { timeout: 5_000, interval: 10 });
    expect((await api(t, 'GET', `/users/me/archive/${id}`, user)).statusCode).toBe(404);
    expect((await api(t, 'GET', `/users/me/archive/${id}/download`, user)).statusCode).toBe(404);
    expect(await t.db.selectFrom('data_archives').select('id').where('id', '=', id).execute()).toEqual([]);
  });

  it('should not count a HEAD or another user as the download', async () => {
    const user = await t.seed.user();
    const other = await t.seed.user();
    const { id } = (await api(t, 'POST', '/users/me/archive', user, '10.40.0.2')).json() as ArchiveJob;
    expect((await untilDone(t, user, id)).status).toBe('ready');
    const head = await t.app.inject({
      method: 'HEAD',
      url: `${t.apiPrefix}/users/me/archive/${id}/download`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(head.statusCode).toBe(404);
    expect((await api(t, 'GET', `/users/me/archive/${id}/download`, other)).statusCode).toBe(404);
    expect(fs.existsSync(path.join(dir, `${id}.tar.gz`))).toBe(true);
    expect((await api(t, 'GET', `/users/me/archive/${id}/download`, user)).statusCode).toBe(200);
  });

  it('should delete an archive nobody downloaded once it expires, and files no job owns', async () => {
    const user = await t.seed.user();
    const { id } = (await api(t, 'POST', '/users/me/archive', user, '10.40.0.3')).json() as ArchiveJob;
    expect((await untilDone(t, user, id)).status).toBe('ready');
    const final = path.join(dir, `${id}.tar.gz`);
    expect(fs.existsSync(final)).toBe(true);
    // What a process that died mid-build leaves: a building job nobody updates, and its part file.
    const dead = 'deadbuild000000000000000000';
    const longAgo = new Date(Date.now() - 3_600_000).toISOString();
    await t.db
      .insertInto('data_archives')
      .values({
        id: dead,
        user_id: user.id,
        status: 'building',
        done: 0,
        total: 3,
        size: null,
        file_name: 'x.tar.gz',
        created_at: longAgo,
        updated_at: longAgo,
        expires_at: null,
      })
      .execute();
    fs.writeFileSync(path.join(dir, `${dead}.tar.gz.part`), 'half');
    fs.writeFileSync(path.join(dir, 'nobodys.tar.gz'), 'stray');

    // Before the expiry only the dead build and the stray file go.
    await t.drive.archives.sweep();
    expect(fs.existsSync(final)).toBe(true);
    expect(fs.existsSync(path.join(dir, `${dead}.tar.gz.part`))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'nobodys.tar.gz'))).toBe(false);
    expect((await api(t, 'GET', `/users/me/archive/${dead}`, user)).json()).toMatchObject({ status: 'failed' });

    // 30 minutes later (ARCHIVE_KEEP_MINUTES): gone, and so is the failed job.
    await t.drive.archives.sweep(Date.now() + 31 * 60_000);
    expect(fs.existsSync(final)).toBe(false);
    expect((await api(t, 'GET', `/users/me/archive/${id}`, user)).statusCode).toBe(404);
    expect((await api(t, 'GET', `/users/me/archive/${id}/download`, user)).statusCode).toBe(404);
    expect(await t.db.selectFrom('data_archives').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('should allow ARCHIVES_PER_DAY archives per account a day, then answer 429 with a clear message', async () => {
    const user = await t.seed.user();
    const other = await t.seed.user();
    // From a new address each time: the per-IP route limit is not what is tested.
    for (let i = 0; i < 3; i++) {
      const res = await api(t, 'POST', '/users/me/archive', user, `10.41.0.${i}`);
      expect(res.statusCode).toBe(202);
      expect((await untilDone(t, user, (res.json() as ArchiveJob).id)).status).toBe('ready');
    }
    const refused = await api(t, 'POST', '/users/me/archive', user, '10.41.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'rate-limited',
      message: expect.stringMatching(/3 times a day.*tomorrow/),
    });
    // A new build replaces the earlier archive: one file per account on disk.
    const files = fs.readdirSync(dir);
    const jobs = await t.db.selectFrom('data_archives').select('id').where('user_id', '=', user.id).execute();
    expect(jobs).toHaveLength(1);
    expect(files.filter((f) => jobs.some((j) => f.startsWith(j.id)))).toHaveLength(1);
    // Another account is not held back.
    expect((await api(t, 'POST', '/users/me/archive', other, '10.41.1.2')).statusCode).toBe(202);
  });

  it('should build one archive per account at a time, also with two processes on one database', async () => {
    const { user } = await withFile();
    // A second app on the same database and DATA_DIR, as a second process would be.
    const second = withTestPort(await buildApp(t.config, { db: t.db, logger: false }));
    try {
      const { source, restore } = holdFiles([t.drive.files, second.drive.files], 1024);
      onTestFinished(restore);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 === 0 ? t : { ...t, app: second.app }).app.inject({
            method: 'POST',
            url: `${t.apiPrefix}/users/me/archive`,
            headers: { authorization: `Bearer ${user.token}` },
            remoteAddress: `10.42.0.${i}`,
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(202));
      const ids = new Set(answers.map((a) => (a.json() as ArchiveJob).id));
      expect(ids.size).toBe(1);
      const building = await t.db
        .selectFrom('data_archives')
        .select('id')
        .where('user_id', '=', user.id)
        .where('status', '=', 'building')
        .execute();
      expect(building).toHaveLength(1);
      // Counted once against the daily limit.
      const counter = await t.db
        .selectFrom('attempt_counters')
        .select('count')
        .where('scope', '=', archiveLimit(3).scope)
        .where('subject', '=', user.id)
        .executeTakeFirst();
      expect(Number(counter?.count)).toBe(1);
      source.end(Buffer.alloc(1024));
      const [id] = [...ids] as [string];
      expect((await untilDone(t, user, id)).status).toBe('ready');
      // The status and the download answer on the other process too.
      const other = { ...t, app: second.app };
      expect((await api(other, 'GET', `/users/me/archive/${id}`, user)).json()).toMatchObject({ status: 'ready' });
      expect((await api(other, 'GET', `/users/me/archive/${id}/download`, user)).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it("should delete the account's archives and their files with the account", async () => {
    const user = await t.seed.user({ password: 'a long and quiet river' });
    const { id } = (await api(t, 'POST', '/users/me/archive', user, '10.43.0.1')).json() as ArchiveJob;
    expect((await untilDone(t, user, id)).status).toBe('ready');
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${t.apiPrefix}/users/me`,
      headers: { authorization: `Bearer ${user.token}` },
      payload: { password: 'a long and quiet river' },
    });
    expect(del.statusCode).toBe(200);
    expect(fs.existsSync(path.join(dir, `${id}.tar.gz`))).toBe(false);
    expect(await t.db.selectFrom('attempt_counters').select('scope').where('subject', '=', user.id).execute()).toEqual(
      [],
    );
  });
});

describeOnceWithServices('download my data on two processes (PostgreSQL + Redis, one DATA_DIR)', () => {
  let cluster: TestCluster;
  let shared: string;
  beforeAll(async () => {
    shared = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-archives-'));
    cluster = await startTestCluster(2, {
      DATA_DIR: shared,
      ARCHIVES_PER_DAY: '2',
      REDIS_PREFIX: `archive${Date.now().toString(36)}`,
    });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    fs.rmSync(shared, { recursive: true, force: true });
  });

  it('should build once for parallel starts on both processes, serve it from either, and count the daily limit on both', async () => {
    const [a, b] = cluster.apps as [TestApp, TestApp];
    const user = await a.seed.user();
    const upload = await uploadFile(`${a.url}${a.apiPrefix}`, user.token, await makeImage(8, 8));
    expect(upload.status).toBe(201);
    const { source, restore } = holdFiles([a.drive.files, b.drive.files], 2048);
    onTestFinished(restore);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => api(i % 2 ? b : a, 'POST', '/users/me/archive', user, `10.44.0.${i}`)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(202));
    const ids = new Set(answers.map((r) => (r.json() as ArchiveJob).id));
    expect(ids.size).toBe(1);
    const [id] = [...ids] as [string];
    expect((await api(b, 'GET', `/users/me/archive/${id}`, user)).json()).toMatchObject({ status: 'building' });
    source.end(Buffer.alloc(2048, 7));
    expect((await untilDone(b, user, id)).status).toBe('ready');
    const res = await api(b, 'GET', `/users/me/archive/${id}/download`, user);
    expect(res.statusCode).toBe(200);
    expect(readTarGz(res.rawPayload).has('account.json')).toBe(true);
    await vi.waitFor(() => expect(fs.existsSync(path.join(shared, 'archives', `${id}.tar.gz`))).toBe(false));
    expect((await api(a, 'GET', `/users/me/archive/${id}/download`, user)).statusCode).toBe(404);

    // The second of two a day on the other process, then 429 on both.
    const second = await api(a, 'POST', '/users/me/archive', user, '10.44.1.1');
    expect(second.statusCode).toBe(202);
    expect((await untilDone(a, user, (second.json() as ArchiveJob).id)).status).toBe('ready');
    expect((await api(b, 'POST', '/users/me/archive', user, '10.44.1.2')).statusCode).toBe(429);
    expect((await api(a, 'POST', '/users/me/archive', user, '10.44.1.3')).statusCode).toBe(429);
  });
});
