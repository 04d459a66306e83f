/**
 * At most `size` jobs at once; the others wait their turn in arrival order. For after-work that
 * must not crowd out the work users wait for (e.g. chat titles after a burst of first replies:
 * conversation/chat-namer.ts). A job's failure frees its slot and reaches its caller.
 */
export class Slots {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
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
