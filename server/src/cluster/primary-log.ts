/**
 * The primary's log lines, shaped like the workers' pino lines (one JSON object per line, pino's
 * numeric levels) so one log pipeline reads both. The primary builds no app, hence no Fastify logger.
 */
const LEVELS = { fatal: 60, error: 50, warn: 40, info: 30, debug: 20, trace: 10, silent: Number.POSITIVE_INFINITY };

export type LogLevelName = keyof typeof LEVELS;

export function primaryLogger(level: LogLevelName) {
  const threshold = LEVELS[level];
  const write = (value: number, msg: string) => {
    if (value < threshold) return;
    const line = JSON.stringify({ level: value, time: Date.now(), pid: process.pid, role: 'primary', msg });
    (value >= LEVELS.error ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return {
    info: (msg: string) => write(LEVELS.info, msg),
    warn: (msg: string) => write(LEVELS.warn, msg),
    error: (msg: string) => write(LEVELS.error, msg),
  };
}
