import os from 'node:os';
import { AppError } from '../errors.js';
import { Slots } from '../lib/slots.js';

/** The default parallelism of CPU-bound speech engines: cores − 1, at least 1. */
export const defaultSpeechConcurrency = (): number => Math.max(1, os.availableParallelism() - 1);

/**
 * A small FIFO queue for CPU-bound jobs (offline recognisers and synthesisers): at most
 * `concurrency` run at once, at most `maxWaiting` wait; beyond that a job is refused at once
 * with `speech:busy` instead of piling up.
 */
export class JobQueue extends Slots {
  constructor(
    readonly concurrency: number,
    maxWaiting = 100,
  ) {
    super(concurrency, {
      maxWaiting,
      refuse: () => new AppError('speech:busy', 'The speech service is busy. Please try again in a moment.'),
    });
  }
}
