import type {
  JSONSchema7,
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
} from '@ai-sdk/provider';
import type { FinishReason, TokenUsage } from '@neura/contract';
import {
  APICallError,
  asSchema,
  jsonSchema,
  type LanguageModel,
  type LanguageModelUsage,
  type ModelMessage,
  RetryError,
  type Schema,
  type FinishReason as SdkFinishReason,
  stepCountIs,
  streamText,
  type Tool,
  type ToolSet,
} from 'ai';
import { NAMELESS_TOOL_ERROR } from './chat-stream.js';

export { NAMELESS_TOOL_ERROR };

/** The model sent nothing for the allowed time (LLM_IDLE_TIMEOUT_SECONDS). */
export class IdleTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`the model sent nothing for ${Math.round(ms / 1000)} s`);
  }
}

/** What the step loop reports, in stream order. */
export interface StepSink {
  text(delta: string): void;
  /** The model's reasoning ("Thinking"), apart from the answer. */
  reasoning?(delta: string): void;
  toolCall(id: string, name: string, input: unknown): void;
  toolResult(id: string, output: unknown): void;
  /** `error` is a string for a call the model got wrong (unknown tool, invalid input, no name). */
  toolError(id: string, error: unknown, name: string, input: unknown): void;
}

export interface StepOptions {
  model: LanguageModel;
  system: string;
  messages: ModelMessage[];
  tools?: ToolSet;
  maxSteps: number;
  /** Retries of a call the provider refused with a retryable status (429, 5xx) before streaming. */
  maxRetries: number;
  signal: AbortSignal;
  /** No part from the model for this long → IdleTimeoutError (tools running are not the model: not counted). */
  idleTimeoutMs: number;
  /** Longest wait before a retry (a server's `retry-after` is honoured up to this). */
  maxRetryDelayMs?: number;
}

/** How the reply ended, as far as the model is concerned. */
export interface StepsResult {
  /** The last step's finish reason. */
  finishReason: FinishReason;
  /** Token counts summed over the steps (a count no step reported stays absent). */
  usage: TokenUsage;
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

const FINISH: Record<SdkFinishReason, FinishReason> = {
  stop: 'stop',
  length: 'length',
  'content-filter': 'content_filter',
  'tool-calls': 'tool_calls',
  error: 'error',
  other: 'other',
};

/**
 * The reply's model loop: the AI SDK's `streamText` runs it (steps up to `maxSteps`, retries, tool
 * calls with their input checked against the tool's schema, results fed back as the next step) on
 * every provider — the lean Chat Completions model (chat-stream.ts) for LLM_BASE_URL and OpenAI,
 * the SDK's provider for Anthropic. This adapter only adds what the reply engine needs on top:
 *
 * - the parts reach `sink` in stream order (text, reasoning, calls, their results or errors);
 * - the idle watchdog watches the model only: it runs while a model call streams and is off while
 *   the step's tools finish (each tool is bounded by its own timeout);
 * - a retryable refusal (429, 5xx) waits what the server asked (`retry-after`), up to a cap;
 * - every tool call started is settled before this returns or throws: on a failure or a stop the
 *   running ones are aborted and awaited (the skills refund their surcharge when aborted).
 *
 * Resolves with the last step's finish reason and the usage summed over the steps; rejects with
 * the provider's error (an `APICallError`, a `ModelStreamError`), an IdleTimeoutError, or the
 * signal's reason when `signal` fires.
 */
export async function streamSteps(options: StepOptions, sink: StepSink): Promise<StepsResult> {
  const model = options.model;
  if (typeof model === 'string' || model.specificationVersion !== 'v3')
    throw new Error('the reply engine needs a provider model object (specification v3)');
  const { signal } = options;
  // Aborts the tools still running when the reply fails (a stop reaches them through `signal`).
  const toolController = new AbortController();
  const toolSignal = AbortSignal.any([signal, toolController.signal]);
  const running = new Set<Promise<unknown>>();
  const tools = options.tools ? await trackedTools(options.tools, toolSignal, running) : undefined;
  const usage: TokenUsage = {};
  let finishReason: FinishReason = 'other';
  const result = streamText({
    model: watched(model, options.idleTimeoutMs, options.maxRetryDelayMs ?? 2000),
    system: options.system,
    messages: options.messages,
    tools,
    stopWhen: stepCountIs(options.maxSteps),
    maxRetries: options.maxRetries,
    abortSignal: signal,
    // Errors are read from the stream below; the default handler would only log them.
    onError: () => undefined,
  });
  try {
    for await (const part of result.fullStream) {
      switch (part.type) {
        case 'text-delta':
          if (part.text !== '') sink.text(part.text);
          break;
        case 'reasoning-delta':
          if (part.text !== '') sink.reasoning?.(part.text);
          break;
        case 'tool-call':
          if (!part.providerExecuted) sink.toolCall(part.toolCallId, part.toolName, part.input);
          break;
        case 'tool-result':
          // After a stop or a failure, the caller ends running calls itself.
          if (!part.providerExecuted && !toolSignal.aborted) sink.toolResult(part.toolCallId, part.output);
          break;
        case 'tool-error':
          if (part.providerExecuted || toolSignal.aborted) break;
          sink.toolError(
            part.toolCallId,
            part.toolName === '' ? NAMELESS_TOOL_ERROR : part.error,
            part.toolName,
            part.input,
          );
          break;
        case 'finish-step':
          addUsage(usage, part.usage);
          finishReason = FINISH[part.finishReason] ?? 'other';
          break;
        case 'error':
          throw modelError(part.error);
        case 'abort':
          throw signal.reason;
      }
    }
    if (signal.aborted) throw signal.reason;
    return { finishReason, usage };
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw modelError(error);
  } finally {
    if (running.size) {
      // Failed or stopped with calls still running: end them and wait until they have (refunds included).
      toolController.abort(new Error('the reply ended'));
      await Promise.allSettled(running);
    }
  }
}

/** The error the engine tells the user about: the last attempt's after retries, typed for a stream error. */
function modelError(error: unknown): unknown {
  if (RetryError.isInstance(error)) return modelError(error.lastError);
  if (error instanceof Error) return error;
  if (error && typeof error === 'object') {
    const e = error as { message?: unknown; type?: unknown; error?: { message?: unknown; type?: unknown } };
    const inner = e.error && typeof e.error === 'object' ? e.error : e;
    const message = typeof inner.message === 'string' ? inner.message : JSON.stringify(error);
    return new ModelStreamError(message, typeof inner.type === 'string' ? inner.type : undefined);
  }
  return new ModelStreamError(typeof error === 'string' ? error : 'The model reported an error.');
}

/** Adds one step's token counts to the reply's. */
function addUsage(total: TokenUsage, step: LanguageModelUsage): void {
  const add = (key: keyof TokenUsage, value: number | undefined) => {
    if (value === undefined || !Number.isFinite(value)) return;
    total[key] = (total[key] ?? 0) + Math.max(0, Math.round(value));
  };
  add('inputTokens', step.inputTokens);
  add('outputTokens', step.outputTokens);
  add('reasoningTokens', step.outputTokenDetails?.reasoningTokens);
  add('cachedInputTokens', step.inputTokenDetails?.cacheReadTokens);
}

/** Each tool input schema with its JSON Schema converted once per schema object (skills' schemas are constants). */
const schemas = new WeakMap<object, Promise<Schema<unknown>>>();

function convertedSchema(inputSchema: Tool['inputSchema']): Promise<Schema<unknown>> {
  const key = inputSchema as unknown as object;
  let schema = schemas.get(key);
  if (!schema) {
    const original = asSchema(inputSchema);
    schema = Promise.resolve(original.jsonSchema).then((json: JSONSchema7) =>
      jsonSchema(json, original.validate ? { validate: (value) => original.validate?.(value) as never } : {}),
    );
    schemas.set(key, schema);
  }
  return schema;
}

/**
 * The reply's tools as `streamText` gets them: schemas converted once, and each run tracked and
 * given `signal` (the reply's stop, or the end of a failed reply) so it can be ended and awaited.
 */
async function trackedTools(tools: ToolSet, signal: AbortSignal, running: Set<Promise<unknown>>): Promise<ToolSet> {
  const out: ToolSet = {};
  for (const [name, tool] of Object.entries(tools)) {
    const execute = tool.execute;
    out[name] = {
      ...tool,
      inputSchema: await convertedSchema(tool.inputSchema),
      ...(execute
        ? {
            execute: (input: never, context: Parameters<NonNullable<Tool['execute']>>[1]) => {
              const run = Promise.resolve(execute(input, { ...context, abortSignal: signal }));
              running.add(run);
              const done = () => running.delete(run);
              run.then(done, done);
              return run;
            },
          }
        : {}),
    } as Tool;
  }
  return out;
}

/**
 * The model with the reply's idle watchdog and retry cap around each call: the watchdog runs from
 * the request until the stream's finish (or error), restarted by every part; a retryable refusal
 * asks `streamText` to wait what the server said (`retry-after-ms` / `retry-after`), at most `cap`
 * (500 ms when it said nothing).
 */
function watched(model: LanguageModelV3, idleMs: number, cap: number): LanguageModelV3 {
  return {
    specificationVersion: 'v3',
    provider: model.provider,
    modelId: model.modelId,
    get supportedUrls() {
      return model.supportedUrls;
    },
    doGenerate: (call) => model.doGenerate(call),
    doStream: async (call: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> => {
      const watchdog = new Watchdog(idleMs);
      const abortSignal = call.abortSignal ? AbortSignal.any([call.abortSignal, watchdog.signal]) : watchdog.signal;
      let result: LanguageModelV3StreamResult;
      try {
        result = await model.doStream({ ...call, abortSignal });
      } catch (error) {
        watchdog.stop();
        if (watchdog.error) throw watchdog.error;
        throw APICallError.isInstance(error) && error.isRetryable ? cappedRetry(error, cap) : error;
      }
      const reader = result.stream.getReader();
      const stream = new ReadableStream<LanguageModelV3StreamPart>(
        {
          async pull(controller) {
            try {
              const { done, value } = await reader.read();
              if (done) {
                watchdog.stop();
                if (watchdog.error) controller.enqueue({ type: 'error', error: watchdog.error });
                controller.close();
                return;
              }
              if (watchdog.error) {
                void reader.cancel().catch(() => undefined);
                controller.enqueue({ type: 'error', error: watchdog.error });
                controller.close();
                return;
              }
              if (value.type === 'finish' || value.type === 'error') watchdog.stop();
              else watchdog.touch();
              controller.enqueue(value);
            } catch (error) {
              watchdog.stop();
              if (!watchdog.error) throw error;
              controller.enqueue({ type: 'error', error: watchdog.error });
              controller.close();
            }
          },
          cancel(reason) {
            watchdog.stop();
            return reader.cancel(reason);
          },
        },
        { highWaterMark: 0 },
      );
      return { ...result, stream };
    },
  };
}

/** The refusal with the wait `streamText` should honour before its retry, at most `cap`. */
function cappedRetry(error: APICallError, cap: number): APICallError {
  const headers = error.responseHeaders ?? {};
  let wait = Math.min(500, cap);
  const ms = Number(headers['retry-after-ms']);
  const seconds = Number(headers['retry-after']);
  if (headers['retry-after-ms'] !== undefined && Number.isFinite(ms) && ms >= 0) wait = Math.min(ms, cap);
  else if (headers['retry-after'] !== undefined && Number.isFinite(seconds) && seconds >= 0)
    wait = Math.min(seconds * 1000, cap);
  return new APICallError({
    message: error.message,
    url: error.url,
    requestBodyValues: error.requestBodyValues,
    statusCode: error.statusCode,
    responseHeaders: { ...headers, 'retry-after-ms': String(wait) },
    responseBody: error.responseBody,
    cause: error.cause,
    isRetryable: true,
    data: error.data,
  });
}

/**
 * LLM_IDLE_TIMEOUT_SECONDS without a timer per token: parts only record the time they came, and
 * one timer per call checks it (re-armed for the time left when parts kept coming).
 */
class Watchdog {
  private last = performance.now();
  private timer: NodeJS.Timeout | undefined;
  private readonly controller = new AbortController();
  readonly signal = this.controller.signal;
  error: IdleTimeoutError | undefined;

  constructor(private readonly ms: number) {
    this.arm(ms);
  }

  touch(): void {
    this.last = performance.now();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
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
    this.controller.abort(this.error);
  }
}
