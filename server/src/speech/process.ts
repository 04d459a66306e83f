import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class ProgramTimeoutError extends Error {
  constructor(program: string, ms: number) {
    super(`${path.basename(program)} did not finish within ${ms} ms`);
    this.name = 'ProgramTimeoutError';
  }
}

/**
 * Runs a program without a shell (arguments are never interpreted), optionally writing `input` to
 * its stdin, and resolves with its stdout. Killed (SIGKILL) after `timeoutMs`; a non-zero exit
 * rejects with the tail of its stderr.
 */
export function runProgram(
  program: string,
  args: string[],
  options: { timeoutMs: number; input?: string | Buffer },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => {
      err = (err + d.toString()).slice(-2000);
    });
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) reject(new ProgramTimeoutError(program, options.timeoutMs));
      else if (code !== 0) reject(new Error(`${path.basename(program)} exited with ${code}: ${err.trim()}`));
      else resolve(Buffer.concat(out));
    });
    child.stdin.end(options.input ?? '');
  });
}

/** The absolute path of a program on PATH, or undefined when it is not installed. */
export function findProgram(name: string, searchPath = process.env.PATH ?? ''): string | undefined {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Runs `work` with a fresh temporary directory that is removed afterwards. */
export async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'neura-speech-'));
  try {
    return await work(dir);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
