import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { APICallError } from 'ai';

/** How a step's stream is opened and watched: retries of a refused call, the idle watchdog, the stream's errors. */

/** The model sent nothing for the allowed time (LLM_IDLE_TIMEOUT_SECONDS). */
export class IdleTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`the model sent nothing for ${Math.round(ms / 1000)} s`);
  }
}

/** An error the model sent in its stream (an error event or object), with the provider's error type when given. */
export class ModelStreamError extends Error {
  constructor(
    message: string,
    /** e.g. Anthropic's `overloaded_error`, `rate_limit_error`. */
    readonly kind?: string,
  ) {
    super(message);
  }
}

export function streamError(error: unknown): Error {
  if (error instanceof Error) return error;
  if (error && typeof error === 'object') {
    const e = error as { message?: unknown; type?: unknown; error?: { message?: unknown; type?: unknown } };
    const inner = e.error && typeof e.error === 'object' ? e.error : e;
    const message = typeof inner.message === 'string' ? inner.message : JSON.stringify(error);
    return new ModelStreamError(message, typeof inner.type === 'string' ? inner.type : undefined);
  }
  return new ModelStreamError(typeof error === 'string' ? error : 'The model reported an error.');
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

/** The wait a server asked for (`retry-after-ms` / `retry-after` in seconds), capped; 500 ms otherwise. */
function retryDelay(error: APICallError, cap: number): number {
  const headers = error.responseHeaders ?? {};
  const ms = Number(headers['retry-after-ms']);
  if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, cap);
  const seconds = Number(headers['retry-after']);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, cap);
  return Math.min(500, cap);
}

/** Opens the call; a retryable refusal (429, 5xx, a connection failure) is tried again `retries` times. */
export async function withRetries<T>(
  open: () => Promise<T>,
  retries: number,
  signal: AbortSignal,
  cap: number,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await open();
    } catch (error) {
      if (attempt >= retries || signal.aborted || !APICallError.isInstance(error) || !error.isRetryable) throw error;
      await sleep(retryDelay(error, cap), signal);
    }
  }
}

/**
 * A step's parts read as they come while its consumer waits (StepOptions.held), yielded in order
 * once it reads them: nothing the model sent is lost meanwhile (a connection cut after some text
 * keeps that text, as when read live). Leaving early returns the source once its pending read ends
 * (the step's abort ends that).
 */
export function readAhead<T>(parts: AsyncIterable<T>): AsyncIterable<T> {
  const source = parts[Symbol.asyncIterator]();
  const queue: T[] = [];
  let ended = false;
  let failure: { error: unknown } | undefined;
  let wake: (() => void) | undefined;
  const pump = async () => {
    try {
      for (let read = await source.next(); !read.done; read = await source.next()) {
        queue.push(read.value);
        wake?.();
      }
    } catch (error) {
      failure = { error };
    }
    ended = true;
    wake?.();
  };
  void pump();
  return {
    async *[Symbol.asyncIterator]() {
      try {
        for (;;) {
          if (queue.length > 0) yield queue.shift() as T;
          else if (failure) throw failure.error;
          else if (ended) return;
          else
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
        }
      } finally {
        if (!ended) void source.return?.()?.catch(() => undefined);
      }
    },
  };
}

/** A provider's web stream as an iterable; leaving early cancels it (releasing the response). */
export async function* partsOf(
  stream: ReadableStream<LanguageModelV3StreamPart>,
): AsyncGenerator<LanguageModelV3StreamPart> {
  const reader = stream.getReader();
  let drained = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        drained = true;
        return;
      }
      yield value;
    }
  } finally {
    if (drained) reader.releaseLock();
    else void reader.cancel().catch(() => undefined);
  }
}

/**
 * LLM_IDLE_TIMEOUT_SECONDS without a timer per token: parts only record the time they came, and
 * one timer per step checks it (re-armed for the time left when parts kept coming).
 */
export class Watchdog {
  private last = 0;
  private timer: NodeJS.Timeout | undefined;
  private controller: AbortController | undefined;
  private error: IdleTimeoutError | undefined;

  constructor(private readonly ms: number) {}

  start(controller: AbortController): void {
    this.controller = controller;
    this.touch();
    this.arm(this.ms);
  }

  touch(): void {
    this.last = performance.now();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  throwIfIdle(): void {
    if (this.error) throw this.error;
  }

  private arm(ms: number): void {
    this.timer = setTimeout(() => this.check(), ms);
    this.timer.unref();
  }

  private check(): void {
    const idle = performance.now() - this.last;
    if (idle < this.ms) {
      this.arm(this.ms - idle);
      return;
    }
    this.timer = undefined;
    this.error = new IdleTimeoutError(this.ms);
    this.controller?.abort(this.error);
  }
}
