import type { LanguageModelV3CallOptions, LanguageModelV3StreamPart, LanguageModelV3Usage } from '@ai-sdk/provider';
import type { FinishReason, TokenUsage } from '@neura/contract';
import type { LanguageModel, ModelMessage, ToolSet } from 'ai';
import { hasPartStream } from './chat-stream.js';
import { responseMessages, type ToolOutcome, toPrompt } from './step-messages.js';
import { parseCall, prepareTools, runTool } from './step-tools.js';
import { partsOf, readAhead, streamError, Watchdog, withRetries } from './step-transport.js';

export { IdleTimeoutError, ModelStreamError } from './step-transport.js';

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
  /**
   * The first step's answer is read once this is true (issue #50: a send's model is asked beside
   * its charge's commit, and nothing of the answer is used before it): the request goes out at
   * once, its parts wait. False: the request is aborted and the loop rejects.
   */
  held?: Promise<boolean>;
}

/** How the reply ended, as far as the model is concerned. */
export interface StepsResult {
  /** The last step's finish reason. */
  finishReason: FinishReason;
  /** Token counts summed over the steps (a count no step reported stays absent). */
  usage: TokenUsage;
}

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
      running.length = 0;
      let read: StepRead;
      try {
        // The lean path (our own SSE reader) when the model has one, else the provider's stream.
        const opened = await withRetries(
          async () => (hasPartStream(model) ? model.openParts(call) : partsOf((await model.doStream(call)).stream)),
          options.maxRetries,
          stepSignal,
          options.maxRetryDelayMs ?? 2000,
        );
        // A held answer is read ahead as it comes (nothing of it lost), used once `held` is true.
        const held = step === 0 ? options.held : undefined;
        const parts = held ? readAhead(opened) : opened;
        if (held) {
          if (!(await held)) stepController.abort(new Error('the answer is not to be read'));
          if (stepSignal.aborted) throw stepSignal.reason;
        }
        watchdog.touch();
        read = await readStep(parts, { tools, messages, toolSignal, sink, watchdog, usage, running });
      } finally {
        watchdog.stop();
      }
      watchdog.throwIfIdle();
      if (signal.aborted) throw signal.reason;
      const { text, calls, finish } = read;
      finishReason = finish ?? (calls.length ? 'tool_calls' : 'stop');
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

type StepCall = { id: string; name: string; input: unknown };
type StepRead = { text: string; calls: StepCall[]; finish: FinishReason | undefined };

/**
 * Reads one step's stream: text and reasoning to the sink, each tool call checked and started as
 * soon as it arrives (its outcome pushed to `step.running`), the finish reason and usage at the end.
 * Leaving the loop early (an error part, a stop) cancels the stream and releases the response.
 */
async function readStep(
  parts: AsyncIterable<LanguageModelV3StreamPart>,
  step: {
    tools: ToolSet | undefined;
    messages: ModelMessage[];
    toolSignal: AbortSignal;
    sink: StepSink;
    watchdog: Watchdog;
    usage: TokenUsage;
    running: Array<Promise<ToolOutcome>>;
  },
): Promise<StepRead> {
  const { tools, sink } = step;
  let text = '';
  const calls: StepCall[] = [];
  let finish: FinishReason | undefined;
  for await (const part of parts) {
    step.watchdog.touch();
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
        step.running.push(Promise.resolve({ ...parsed, ok: false, value: parsed.error }));
      } else step.running.push(runTool(tools, parsed, step.messages, step.toolSignal, sink));
    } else if (part.type === 'finish') {
      finish = UNIFIED[part.finishReason.unified] ?? 'other';
      addUsage(step.usage, part.usage);
    } else if (part.type === 'error') throw streamError(part.error);
  }
  return { text, calls, finish };
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
