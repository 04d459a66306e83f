/**
 * At most `size` jobs at once; the others wait their turn in arrival order. For after-work that
 * must not crowd out the work users wait for (e.g. chat titles after a burst of first replies:
 * conversation/chat-namer.ts) and for CPU-bound engines (speech/queue.ts). A job's failure frees
 * its slot and reaches its caller. With `full`, at most `maxWaiting` wait: one more is refused at
 * once with `refuse()` instead of piling up.
 */
export class Slots {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly size: number,
    private readonly full?: { maxWaiting: number; refuse: () => Error },
  ) {}

  get running(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) {
      if (this.full && this.waiting.length >= this.full.maxWaiting) throw this.full.refuse();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await job();
    } finally {
      // The slot passes straight to the next waiting job (it stays counted as running).
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
