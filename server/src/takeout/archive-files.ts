import fsp from 'node:fs/promises';
import path from 'node:path';
import type { DataArchiveRow } from '../db/schema.js';
import type { ArchiveJobRepository } from './job-repository.js';

/** Archive files: `<id>.tar.gz` when ready, `<id>.tar.gz.part` while built. */
const FILE_NAME = /^([A-Za-z0-9_-]{1,64})\.tar\.gz(\.part)?$/;

/**
 * The sweep's disk side (takeout/service.ts): deletes the files in `dir` no job owns any more — a
 * part whose job is not building, an archive whose job is gone, failed or expired at `nowIso`.
 */
export async function deleteOrphanFiles(
  dir: string,
  jobs: Pick<ArchiveJobRepository, 'byIds'>,
  nowIso: string,
): Promise<void> {
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch {
    return;
  }
  const found = names.flatMap((name) => {
    const match = FILE_NAME.exec(name);
    return match ? [{ name, id: match[1] as string, part: match[2] !== undefined }] : [];
  });
  const rows = new Map<string, Pick<DataArchiveRow, 'id' | 'status' | 'expires_at'>>();
  const ids = [...new Set(found.map((f) => f.id))];
  for (let i = 0; i < ids.length; i += 500)
    for (const row of await jobs.byIds(ids.slice(i, i + 500))) rows.set(row.id, row);
  for (const file of found) {
    const row = rows.get(file.id);
    const orphan = file.part
      ? row?.status !== 'building'
      : !row ||
        row.status === 'failed' ||
        (row.status === 'ready' && row.expires_at !== null && row.expires_at <= nowIso);
    if (orphan) await fsp.rm(path.join(dir, file.name), { force: true });
  }
}
