import type { FastifyBaseLogger } from 'fastify';

/** How often each process runs the housekeeping tasks (the first run comes a minute after start). */
export const HOUSEKEEPING_EVERY_MS = 15 * 60_000;
const FIRST_RUN_AFTER_MS = 60_000;

export interface HousekeepingTask {
  name: string;
  /** Answers how many things it removed (logged when not 0). Must be safe in several processes at once. */
  run: () => Promise<number>;
}

/**
 * The server's periodic clean-ups (issue #40): uploads never sent with a message (N13) and deleted
 * personas no chat uses (L5). Every process runs them; each task is written to be idempotent
 * across processes. A failing task is logged and tried again next time.
 */
export class Housekeeping {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = true;

  constructor(
    private readonly tasks: HousekeepingTask[],
    private readonly log?: FastifyBaseLogger,
    private readonly everyMs = HOUSEKEEPING_EVERY_MS,
  ) {}

  /** Runs every task once, one after the other. */
  runOnce(): Promise<void> {
    this.running ??= (async () => {
      for (const task of this.tasks) {
        try {
          const removed = await task.run();
          if (removed > 0) this.log?.info({ task: task.name, removed }, 'housekeeping');
        } catch (error) {
          this.log?.warn({ err: error, task: task.name }, 'housekeeping task failed');
        }
      }
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  start(): void {
    this.stopped = false;
    this.schedule(FIRST_RUN_AFTER_MS);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.runOnce().finally(() => this.schedule(this.everyMs));
    }, delay);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
