import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A bench process of its own (`bench/<file>`, through tsx) and its next IPC message of a type. */
export function child<In, Out extends { type: string }>(file: string, env: NodeJS.ProcessEnv) {
  const proc: ChildProcess = fork(path.join(benchDir, file), [], {
    execArgv: ['--import', 'tsx'],
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T extends Out['type']>(type: T) =>
    new Promise<Extract<Out, { type: T }>>((resolve, reject) => {
      const onMessage = (m: Out) => {
        if (m.type !== type) return;
        proc.off('message', onMessage);
        proc.off('exit', onExit);
        resolve(m as Extract<Out, { type: T }>);
      };
      const onExit = (code: number | null) => reject(new Error(`${file} exited (${code}) waiting for ${type}`));
      proc.on('message', onMessage);
      proc.once('exit', onExit);
    });
  return { proc, next, send: (m: In) => proc.send(m as object) };
}
