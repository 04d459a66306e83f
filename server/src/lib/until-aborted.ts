/**
 * `work`, or the error `reason()` makes as soon as `signal` fires, whichever comes first. Nothing
 * is left behind either way: the abort listener is removed when `work` settles, and a `work`
 * that settles after the abort has its outcome handled (never an unhandled rejection).
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal, reason: () => Error): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(reason());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      work.catch(() => undefined);
      reject(reason());
    };
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
