import fs from 'node:fs';

/**
 * Files that hold the users' data — DATA_DIR, the SQLite database (and its -wal/-shm, which SQLite
 * creates with the database file's mode) and every backup — are made private to the server's OS
 * user (folders 0700, files 0600) whatever the umask (finding L4: under the usual 022 they were
 * world-readable: password and session-token hashes, and every chat). docs/DEPLOYMENT.md says so.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Sets the mode; a folder or file the server does not own (a mounted volume) is left as it is. */
function chmodQuietly(target: string, mode: number): void {
  try {
    fs.chmodSync(target, mode);
  } catch {
    // EPERM on someone else's folder: the operator's choice, not ours to override.
  }
}

/** Makes the folder (and missing parents) and sets it to 0700. */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodQuietly(dir, PRIVATE_DIR_MODE);
}

/** Creates the file empty at 0600 unless it exists, and sets it to 0600 either way. */
export function makePrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  chmodQuietly(file, PRIVATE_FILE_MODE);
}

/** Sets an existing file to 0600 (a missing one is no error). */
export function keepPrivate(file: string): void {
  if (fs.existsSync(file)) chmodQuietly(file, PRIVATE_FILE_MODE);
}

/** Writes the file at 0600 (created so, never readable by others even for a moment). */
export function writePrivateFile(file: string, data: string | Uint8Array): void {
  fs.writeFileSync(file, data, { mode: PRIVATE_FILE_MODE });
  chmodQuietly(file, PRIVATE_FILE_MODE);
}

/** Copies the file's bytes into a new 0600 file. */
export function copyPrivateFile(from: string, to: string): void {
  makePrivateFile(to);
  fs.copyFileSync(from, to);
  chmodQuietly(to, PRIVATE_FILE_MODE);
}
