import fs from 'node:fs';
import path from 'node:path';
import type { Persona } from '@neura/contract';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEED_PERSONAS } from '../src/personas/seed-data.js';
import { runAdminProcess } from './helpers/admin.js';

/** The CLI and the server process compile through tsx on start: slow on a loaded machine. */
const PROCESS_TEST_TIMEOUT = 240_000;

describe('personas catalog from memory, in one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.stop());

  const get = (etag?: string) =>
    t.app.inject({ method: 'GET', url: '/api/personas', headers: etag ? { 'if-none-match': etag } : {} });

  it('should serve the same catalog and ETag until an import changes it, then the new one at once', async () => {
    const first = await get();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('application/json');
    const etag = first.headers.etag as string;
    const again = await get();
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);
    expect((await get(etag)).statusCode).toBe(304);

    const { personas } = t.drive;
    const bard = (await personas.exportRecords()).find((p) => p.id === 'the-bard');
    if (!bard) throw new Error('seed persona the-bard missing');
    await personas.importRecords([{ ...bard, name: 'The Renamed Bard' }]);

    const changed = await get(etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.json() as Persona[]).find((p) => p.id === 'the-bard')?.name).toBe('The Renamed Bard');
    expect((await get(changed.headers.etag as string)).statusCode).toBe(304);

    // Unpublishing takes the persona out of the served catalog as well.
    await personas.importRecords([{ ...bard, published: false }]);
    const hidden = await get(changed.headers.etag as string);
    expect(hidden.statusCode).toBe(200);
    expect((hidden.json() as Persona[]).find((p) => p.id === 'the-bard')).toBeUndefined();
    await personas.importRecords([bard]);
  });

  it('should keep serving the cached catalog when an import is refused', async () => {
    const before = await get();
    await expect(t.drive.personas.importRecords([{ id: 'x', name: '' }])).rejects.toThrow(/Invalid persona/);
    const after = await get(before.headers.etag as string);
    expect(after.statusCode).toBe(304);
  });
});

describe('personas catalog across processes (the admin CLI imports while the server runs)', () => {
  let app: ServerProcess;
  let file: string;
  beforeAll(async () => {
    app = await startServerProcess({ entry: 'source', env: { LOG_LEVEL: 'warn' }, startTimeoutMs: 110_000 });
    file = path.join(app.dataDir, 'personas-import.json');
  }, PROCESS_TEST_TIMEOUT);
  afterAll(async () => {
    await app?.stop();
  });

  it(
    'should serve the imported catalog, with a new ETag, once the other process wrote it',
    async () => {
      const first = await fetch(`${app.url}/api/personas`);
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag') as string;
      const catalog = (await first.json()) as Persona[];
      expect(catalog.find((p) => p.id === 'default')).toBeTruthy();
      // The server has the catalog in memory now; the import happens in another OS process.
      const records = SEED_PERSONAS;
      const changed = records.map((r) => (r.id === 'default' ? { ...r, name: 'Renamed Elsewhere' } : r));
      fs.writeFileSync(file, JSON.stringify(changed));
      const run = await runAdminProcess(['personas', 'import', file], { DATA_DIR: app.dataDir });
      expect(run.output).toContain(`Imported ${records.length} persona(s).`);
      expect(run.code).toBe(0);

      // The server learns of it through the catalog's version in the database.
      await vi.waitFor(
        async () => {
          const res = await fetch(`${app.url}/api/personas`, { headers: { 'if-none-match': etag } });
          expect(res.status).toBe(200);
          const list = (await res.json()) as Persona[];
          expect(list.find((p) => p.id === 'default')?.name).toBe('Renamed Elsewhere');
          expect(res.headers.get('etag')).not.toBe(etag);
        },
        { timeout: 30_000, interval: 200 },
      );
    },
    PROCESS_TEST_TIMEOUT,
  );
});
