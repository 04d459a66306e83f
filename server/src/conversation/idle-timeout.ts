import { IdleTimeoutError } from '../llm/step-loop.js';

export { IdleTimeoutError };

/**
 * Passes a stream through, but throws IdleTimeoutError when no part arrives for `ms`: a model
 * that stalls mid-reply cannot hold the reply, the chat and the credit forever. The source is
 * released (its `return()`) when the wrapper ends.
 */
export async function* withIdleTimeout<T>(source: AsyncIterable<T>, ms: number): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  try {
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const idle = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new IdleTimeoutError(ms)), ms);
      });
      let next: IteratorResult<T>;
      try {
        next = await Promise.race([iterator.next(), idle]);
      } finally {
        clearTimeout(timer);
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    // Not awaited: a stalled source may never settle its return().
    void Promise.resolve(iterator.return?.()).catch(() => undefined);
  }
}
