import os from 'node:os';
import { AppError } from '../errors.js';

/** The default parallelism of CPU-bound speech engines: cores − 1, at least 1. */
export const defaultSpeechConcurrency = (): number => Math.max(1, os.availableParallelism() - 1);

/**
 * A small FIFO queue for CPU-bound jobs (offline recognisers and synthesisers): at most
 * `concurrency` run at once, at most `maxWaiting` wait; beyond that a job is refused at once
 * with `speech:busy` instead of piling up.
 */
export class JobQueue {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    private readonly maxWaiting = 100,
  ) {}

  get running(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) {
        throw new AppError('speech:busy', 'The speech service is busy. Please try again in a moment.');
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next job; otherwise it is freed.
      if (next) next();
      else this.active--;
    }
  }
}
