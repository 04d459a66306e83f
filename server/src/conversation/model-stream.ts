import type {
  JSONSchema7,
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3FunctionTool,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import { asSchema, type LanguageModel, type ModelMessage, type ToolSet } from 'ai';
import { convertToLanguageModelPrompt, prepareRetries, prepareToolsAndToolChoice } from 'ai/internal';
import { hasPartStream } from '../llm/chat-stream.js';
import { IdleTimeoutError } from './idle-timeout.js';

/** What the step loop reports, in stream order. */
export interface StepSink {
  text(delta: string): void;
  toolCall(id: string, name: string, input: unknown): void;
  toolResult(id: string, output: unknown): void;
  /** `error` is a string for a call the model got wrong (unknown tool, invalid input), as the AI SDK reports it. */
  toolError(id: string, error: unknown, name: string, input: unknown): void;
}

export interface StepOptions {
  model: LanguageModel;
  system: string;
  messages: ModelMessage[];
  tools?: ToolSet;
  maxSteps: number;
  maxRetries: number;
  signal: AbortSignal;
  /** No part from the model (or a tool) for this long → IdleTimeoutError. */
  idleTimeoutMs: number;
}

type ToolOutcome = { id: string; name: string; input: unknown; ok: boolean; value: unknown };

const errorMessage = (error: unknown): string => {
  if (error == null) return 'unknown error';
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  return JSON.stringify(error);
};

/**
 * The reply's model loop on the provider's own `doStream()`: each step streams text and tool
 * calls to `sink`, runs the calls (as soon as each arrives, like `streamText`), and feeds their
 * results back as the next step, up to `maxSteps` model calls. It does what `streamText` did for
 * us (prompt conversion, tool input validation, retries of the call, tool results for the model)
 * without its per-token pipeline of transform streams, promises and objects: a text delta costs
 * one read of the provider's stream and one call of `sink.text`.
 *
 * Resolves when the reply is complete; rejects with the provider's error, an IdleTimeoutError,
 * or an abort error when `signal` fires (the caller tells a stop from a failure by the signal).
 */
export async function streamSteps(options: StepOptions, sink: StepSink): Promise<void> {
  const model = options.model;
  if (typeof model === 'string' || model.specificationVersion !== 'v3')
    throw new Error('the reply engine needs a provider model object (specification v3)');
  const { signal, tools } = options;
  const messages = [...options.messages];
  const prepared = await prepareTools(tools);
  const { retry } = prepareRetries({ maxRetries: options.maxRetries, abortSignal: signal });
  const watchdog = new Watchdog(options.idleTimeoutMs);
  let ended = false;
  try {
    for (let step = 0; step < options.maxSteps; step++) {
      const prompt = await toPrompt(model, options.system, messages, signal);
      const stepController = new AbortController();
      const stepSignal = AbortSignal.any([signal, stepController.signal]);
      watchdog.start(stepController);
      const call: LanguageModelV3CallOptions = {
        prompt,
        tools: prepared.tools,
        toolChoice: prepared.toolChoice,
        abortSignal: stepSignal,
      };
      // The lean path (our own SSE reader) when the model has one, else the provider's stream.
      const parts = await retry(async () =>
        hasPartStream(model) ? model.openParts(call) : partsOf((await model.doStream(call)).stream),
      );
      watchdog.touch();
      let text = '';
      const calls: Array<{ id: string; name: string; input: unknown }> = [];
      const running: Array<Promise<ToolOutcome>> = [];
      try {
        // Leaving the loop early (an error part, a stop) cancels the stream and releases the response.
        for await (const part of parts) {
          watchdog.touch();
          if (part.type === 'text-delta') {
            if (part.delta === '') continue;
            text += part.delta;
            sink.text(part.delta);
          } else if (part.type === 'tool-call') {
            if (part.providerExecuted) continue;
            const call = await parseCall(tools, part.toolCallId, part.toolName, part.input);
            calls.push({ id: call.id, name: call.name, input: call.input });
            sink.toolCall(call.id, call.name, call.input);
            if (call.error !== undefined) {
              sink.toolError(call.id, call.error, call.name, call.input);
              running.push(Promise.resolve({ ...call, ok: false, value: call.error }));
            } else running.push(runTool(tools, call, messages, stepSignal, sink, watchdog, () => ended));
          } else if (part.type === 'error') throw part.error;
        }
      } finally {
        watchdog.stop();
      }
      watchdog.throwIfIdle();
      if (calls.length === 0 || step + 1 >= options.maxSteps) break;
      watchdog.start(stepController);
      const outcomes = await Promise.all(running);
      watchdog.stop();
      watchdog.throwIfIdle();
      if (signal.aborted) throw signal.reason;
      messages.push(...(await responseMessages(tools, text, calls, outcomes)));
    }
  } catch (error) {
    watchdog.throwIfIdle();
    throw error;
  } finally {
    ended = true;
    watchdog.stop();
  }
}

/**
 * The provider prompt. The messages are built by our own code (typed `ModelMessage`s from stored
 * rows and tool results), so the AI SDK's schema check of every message on every step
 * (`standardizePrompt`, which grows with the history) is skipped; the conversion is the SDK's.
 */
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

async function toPrompt(
  model: LanguageModelV3,
  system: string,
  messages: ModelMessage[],
  signal: AbortSignal,
): Promise<LanguageModelV3Prompt> {
  if (messages.length === 0) throw new Error('the prompt has no messages');
  return convertToLanguageModelPrompt({
    prompt: { system, messages },
    supportedUrls: await model.supportedUrls,
    download: undefined,
    abortSignal: signal,
  });
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

/**
 * The tools as the provider gets them, like the SDK's `prepareToolsAndToolChoice` but without
 * converting every tool's zod schema to JSON Schema on every send (it was 4 % of the relay's CPU).
 * Tools of another kind than plain functions take the SDK's path.
 */
async function prepareTools(
  tools: ToolSet | undefined,
): Promise<{ tools: LanguageModelV3CallOptions['tools']; toolChoice: LanguageModelV3CallOptions['toolChoice'] }> {
  if (!tools || Object.keys(tools).length === 0) return { tools: undefined, toolChoice: undefined };
  const list: LanguageModelV3FunctionTool[] = [];
  for (const [name, tool] of Object.entries(tools)) {
    if (tool.type !== undefined && tool.type !== 'function' && tool.type !== 'dynamic')
      return prepareToolsAndToolChoice({ tools, toolChoice: undefined, activeTools: undefined });
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
  raw: string,
): Promise<{ id: string; name: string; input: unknown; error?: string }> {
  let input: unknown = raw;
  try {
    input = raw.trim() === '' ? {} : JSON.parse(raw);
  } catch {
    return { id, name, input: raw, error: `Invalid input for tool ${name}: the input is not JSON.` };
  }
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
  watchdog: Watchdog,
  ended: () => boolean,
): Promise<ToolOutcome> {
  const execute = tools?.[call.name]?.execute;
  try {
    if (!execute) throw new Error(`The tool ${call.name} cannot run here.`);
    const value = await execute(call.input as never, { toolCallId: call.id, messages, abortSignal: signal });
    // After a stop or the end of the reply, the caller ends running calls itself.
    if (!ended() && !signal.aborted) {
      watchdog.touch();
      sink.toolResult(call.id, value);
    }
    return { ...call, ok: true, value };
  } catch (error) {
    if (!ended() && !signal.aborted) {
      watchdog.touch();
      sink.toolError(call.id, error, call.name, call.input);
    }
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
        toolName: c.name,
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
      return { type: 'tool-result' as const, toolCallId: o.id, toolName: o.name, output };
    }),
  );
  return [assistant, { role: 'tool', content: results }];
}

/**
 * LLM_IDLE_TIMEOUT_SECONDS without a timer per token: parts only record the time they came, and
 * one timer per reply checks it (re-armed for the time left when parts kept coming).
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
