import type {
  JSONSchema7,
  LanguageModelV3CallOptions,
  LanguageModelV3FunctionTool,
  LanguageModelV3Message,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3ToolResultOutput,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import type { FinishReason, TokenUsage } from '@neura/contract';
import { APICallError, asSchema, type LanguageModel, type ModelMessage, type ToolSet } from 'ai';
import { hasPartStream } from './chat-stream.js';

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

/** Thrown when a step ended with calls still to run after the reply was stopped or failed. */
type ToolOutcome = { id: string; name: string; input: unknown; ok: boolean; value: unknown };

export const NAMELESS_TOOL_ERROR = 'The model called a tool without giving its name, so the call was not run.';

const errorMessage = (error: unknown): string => {
  if (error == null) return 'unknown error';
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  return JSON.stringify(error);
};

const UNIFIED: Record<string, FinishReason> = {
  stop: 'stop',
  length: 'length',
  'content-filter': 'content_filter',
  'tool-calls': 'tool_calls',
  error: 'error',
  other: 'other',
};

/**
 * The reply's model loop on public model APIs: the lean reader's `openParts` for LLM_BASE_URL, the
 * provider's `doStream()` (`LanguageModelV3`) for OpenAI and Anthropic. Each step streams text,
 * reasoning and tool calls to `sink`, runs the calls (as soon as each arrives), and feeds their
 * results back as the next step, up to `maxSteps` model calls. Every call started is settled before
 * this returns or throws: a tool never outlives its reply (on a failure or a stop they are aborted
 * first; the skills refund their surcharge when aborted).
 *
 * The idle watchdog watches the model only: it runs while a step streams and is off while the
 * step's tools finish (each tool is bounded by its own timeout); the next step starts it afresh.
 *
 * Resolves with the finish reason and usage; rejects with the provider's error, an
 * IdleTimeoutError, or an abort error when `signal` fires.
 */
export async function streamSteps(options: StepOptions, sink: StepSink): Promise<StepsResult> {
  const model = options.model;
  if (typeof model === 'string' || model.specificationVersion !== 'v3')
    throw new Error('the reply engine needs a provider model object (specification v3)');
  const { signal, tools } = options;
  const messages = [...options.messages];
  const prepared = await prepareTools(tools);
  const watchdog = new Watchdog(options.idleTimeoutMs);
  const usage: TokenUsage = {};
  let finishReason: FinishReason = 'other';
  // Aborts the tools still running when the reply fails (a stop reaches them through `signal`).
  const toolController = new AbortController();
  const toolSignal = AbortSignal.any([signal, toolController.signal]);
  const running: Array<Promise<ToolOutcome>> = [];
  try {
    for (let step = 0; step < options.maxSteps; step++) {
      const prompt = toPrompt(options.system, messages);
      const stepController = new AbortController();
      const stepSignal = AbortSignal.any([signal, stepController.signal]);
      watchdog.start(stepController);
      const call: LanguageModelV3CallOptions = {
        prompt,
        tools: prepared.tools,
        toolChoice: prepared.toolChoice,
        abortSignal: stepSignal,
      };
      let text = '';
      const calls: Array<{ id: string; name: string; input: unknown }> = [];
      running.length = 0;
      let stepFinish: FinishReason | undefined;
      try {
        // The lean path (our own SSE reader) when the model has one, else the provider's stream.
        const parts = await withRetries(
          async () => (hasPartStream(model) ? model.openParts(call) : partsOf((await model.doStream(call)).stream)),
          options.maxRetries,
          stepSignal,
          options.maxRetryDelayMs ?? 2000,
        );
        watchdog.touch();
        // Leaving the loop early (an error part, a stop) cancels the stream and releases the response.
        for await (const part of parts) {
          watchdog.touch();
          if (part.type === 'text-delta') {
            if (part.delta === '') continue;
            text += part.delta;
            sink.text(part.delta);
          } else if (part.type === 'reasoning-delta') {
            if (part.delta !== '') sink.reasoning?.(part.delta);
          } else if (part.type === 'tool-call') {
            if (part.providerExecuted) continue;
            const parsed = await parseCall(tools, part.toolCallId, part.toolName, part.input);
            calls.push({ id: parsed.id, name: parsed.name, input: parsed.input });
            sink.toolCall(parsed.id, parsed.name, parsed.input);
            if (parsed.error !== undefined) {
              sink.toolError(parsed.id, parsed.error, parsed.name, parsed.input);
              running.push(Promise.resolve({ ...parsed, ok: false, value: parsed.error }));
            } else running.push(runTool(tools, parsed, messages, toolSignal, sink));
          } else if (part.type === 'finish') {
            stepFinish = UNIFIED[part.finishReason.unified] ?? 'other';
            addUsage(usage, part.usage);
          } else if (part.type === 'error') throw streamError(part.error);
        }
      } finally {
        watchdog.stop();
      }
      watchdog.throwIfIdle();
      if (signal.aborted) throw signal.reason;
      finishReason = stepFinish ?? (calls.length ? 'tool_calls' : 'stop');
      // The tools run on their own clocks (the skills' timeouts): the model's watchdog is off.
      const outcomes = await Promise.all(running);
      running.length = 0;
      if (signal.aborted) throw signal.reason;
      if (calls.length === 0 || step + 1 >= options.maxSteps) break;
      messages.push(...(await responseMessages(tools, text, calls, outcomes)));
    }
    return { finishReason, usage };
  } catch (error) {
    watchdog.throwIfIdle();
    throw error;
  } finally {
    watchdog.stop();
    if (running.length) {
      // Failed or stopped with calls still running: end them and wait until they have (refunds included).
      toolController.abort(new Error('the reply ended'));
      await Promise.allSettled(running);
    }
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

function streamError(error: unknown): Error {
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
function addUsage(total: TokenUsage, step: LanguageModelV3Usage): void {
  const add = (key: keyof TokenUsage, value: number | undefined) => {
    if (value === undefined || !Number.isFinite(value)) return;
    total[key] = (total[key] ?? 0) + Math.max(0, Math.round(value));
  };
  add('inputTokens', step.inputTokens.total);
  add('outputTokens', step.outputTokens.total);
  add('reasoningTokens', step.outputTokens.reasoning);
  add('cachedInputTokens', step.inputTokens.cacheRead);
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
async function withRetries<T>(open: () => Promise<T>, retries: number, signal: AbortSignal, cap: number): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await open();
    } catch (error) {
      if (attempt >= retries || signal.aborted || !APICallError.isInstance(error) || !error.isRetryable) throw error;
      await sleep(retryDelay(error, cap), signal);
    }
  }
}

/** A provider's web stream as an iterable; leaving early cancels it (releasing the response). */
async function* partsOf(stream: ReadableStream<LanguageModelV3StreamPart>): AsyncGenerator<LanguageModelV3StreamPart> {
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

type ContentPart = Exclude<ModelMessage['content'], string>[number];

const asBytesOrUrl = (data: unknown): Uint8Array | URL | string => {
  if (data instanceof Uint8Array || data instanceof URL || typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return String(data);
};

/**
 * The provider prompt from the messages our own code builds (text, images, tool calls and their
 * results): a plain conversion, no schema check of the history on every step.
 */
export function toPrompt(system: string, messages: ModelMessage[]): LanguageModelV3Prompt {
  if (messages.length === 0) throw new Error('the prompt has no messages');
  const prompt: LanguageModelV3Prompt = [];
  if (system) prompt.push({ role: 'system', content: system });
  for (const message of messages) {
    const converted = toProviderMessage(message);
    if (converted) prompt.push(converted);
  }
  return prompt;
}

function toProviderMessage(message: ModelMessage): LanguageModelV3Message | undefined {
  if (message.role === 'system') return { role: 'system', content: message.content };
  const parts: ContentPart[] =
    typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : [...message.content];
  if (message.role === 'user') {
    const content: Extract<LanguageModelV3Message, { role: 'user' }>['content'] = [];
    for (const part of parts) {
      if (part.type === 'text') content.push({ type: 'text', text: part.text });
      else if (part.type === 'image')
        content.push({ type: 'file', data: asBytesOrUrl(part.image), mediaType: part.mediaType ?? 'image/png' });
      else if (part.type === 'file')
        content.push({ type: 'file', data: asBytesOrUrl(part.data), mediaType: part.mediaType });
    }
    return { role: 'user', content };
  }
  if (message.role === 'assistant') {
    const content: Extract<LanguageModelV3Message, { role: 'assistant' }>['content'] = [];
    for (const part of parts) {
      if (part.type === 'text') content.push({ type: 'text', text: part.text });
      else if (part.type === 'tool-call')
        content.push({ type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
    }
    return { role: 'assistant', content };
  }
  if (message.role === 'tool') {
    const content: Extract<LanguageModelV3Message, { role: 'tool' }>['content'] = [];
    for (const part of parts) {
      if (part.type === 'tool-result')
        content.push({
          type: 'tool-result',
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          output: part.output as LanguageModelV3ToolResultOutput,
        });
    }
    return { role: 'tool', content };
  }
  return undefined;
}

/** Each tool input schema's JSON Schema, converted once per schema object (skills' schemas are constants). */
const jsonSchemas = new WeakMap<object, JSONSchema7>();

async function jsonSchemaOf(schema: ToolSet[string]['inputSchema']): Promise<JSONSchema7> {
  const key = schema as unknown as object;
  let json = jsonSchemas.get(key);
  if (!json) {
    json = await asSchema(schema).jsonSchema;
    jsonSchemas.set(key, json);
  }
  return json;
}

/** The tools as the provider gets them (function tools; their JSON Schemas converted once). */
async function prepareTools(
  tools: ToolSet | undefined,
): Promise<{ tools: LanguageModelV3CallOptions['tools']; toolChoice: LanguageModelV3CallOptions['toolChoice'] }> {
  if (!tools || Object.keys(tools).length === 0) return { tools: undefined, toolChoice: undefined };
  const list: LanguageModelV3FunctionTool[] = [];
  for (const [name, tool] of Object.entries(tools)) {
    if (tool.type !== undefined && tool.type !== 'function' && tool.type !== 'dynamic')
      throw new Error(`the reply engine runs function tools only (${name} is ${tool.type})`);
    list.push({
      type: 'function',
      name,
      description: tool.description,
      inputSchema: await jsonSchemaOf(tool.inputSchema),
      ...(tool.inputExamples != null ? { inputExamples: tool.inputExamples } : {}),
      providerOptions: tool.providerOptions,
      ...(tool.strict != null ? { strict: tool.strict } : {}),
    });
  }
  return { tools: list, toolChoice: { type: 'auto' } };
}

/** The call's input parsed and checked against the tool's schema; `error` (a string) when the model got it wrong. */
async function parseCall(
  tools: ToolSet | undefined,
  id: string,
  name: string,
  raw: unknown,
): Promise<{ id: string; name: string; input: unknown; error?: string }> {
  let input: unknown = raw;
  if (typeof raw === 'string') {
    try {
      input = raw.trim() === '' ? {} : JSON.parse(raw);
    } catch {
      return { id, name, input: raw, error: `Invalid input for tool ${name || '(no name)'}: the input is not JSON.` };
    }
  }
  if (!name) return { id, name, input, error: NAMELESS_TOOL_ERROR };
  const tool = tools?.[name];
  if (!tool) return { id, name, input, error: `Model tried to call unavailable tool '${name}'.` };
  const validate = asSchema(tool.inputSchema).validate;
  if (!validate) return { id, name, input };
  const checked = await validate(input);
  if (!checked.success)
    return { id, name, input, error: `Invalid input for tool ${name}: ${errorMessage(checked.error)}` };
  return { id, name, input: checked.value };
}

async function runTool(
  tools: ToolSet | undefined,
  call: { id: string; name: string; input: unknown },
  messages: ModelMessage[],
  signal: AbortSignal,
  sink: StepSink,
): Promise<ToolOutcome> {
  const execute = tools?.[call.name]?.execute;
  try {
    if (!execute) throw new Error(`The tool ${call.name} cannot run here.`);
    const value = await execute(call.input as never, { toolCallId: call.id, messages, abortSignal: signal });
    // After a stop or a failure, the caller ends running calls itself.
    if (!signal.aborted) sink.toolResult(call.id, value);
    return { ...call, ok: true, value };
  } catch (error) {
    if (!signal.aborted) sink.toolError(call.id, error, call.name, call.input);
    return { ...call, ok: false, value: error };
  }
}

/** The assistant's step (text + calls) and the tool results, as the next step's messages. */
async function responseMessages(
  tools: ToolSet | undefined,
  text: string,
  calls: Array<{ id: string; name: string; input: unknown }>,
  outcomes: ToolOutcome[],
): Promise<ModelMessage[]> {
  const assistant: ModelMessage = {
    role: 'assistant',
    content: [
      ...(text ? [{ type: 'text' as const, text }] : []),
      ...calls.map((c) => ({
        type: 'tool-call' as const,
        toolCallId: c.id,
        toolName: c.name || 'unnamed_tool',
        input: c.input !== null && typeof c.input === 'object' ? c.input : {},
      })),
    ],
  };
  const results = await Promise.all(
    outcomes.map(async (o) => {
      const tool = tools?.[o.name];
      const output = !o.ok
        ? { type: 'error-text' as const, value: errorMessage(o.value) }
        : tool?.toModelOutput
          ? await tool.toModelOutput({ toolCallId: o.id, input: o.input, output: o.value })
          : typeof o.value === 'string'
            ? { type: 'text' as const, value: o.value }
            : { type: 'json' as const, value: (o.value ?? null) as never };
      return { type: 'tool-result' as const, toolCallId: o.id, toolName: o.name || 'unnamed_tool', output };
    }),
  );
  return [assistant, { role: 'tool', content: results }];
}

/**
 * LLM_IDLE_TIMEOUT_SECONDS without a timer per token: parts only record the time they came, and
 * one timer per step checks it (re-armed for the time left when parts kept coming).
 */
class Watchdog {
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
