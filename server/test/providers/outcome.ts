import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { FinishReason, TokenUsage } from '@neura/contract';
import { replayMarker } from '@neura/test-kit/fakes/replay';
import {
  jsonSchema,
  type LanguageModelUsage,
  type FinishReason as SdkFinishReason,
  stepCountIs,
  streamText,
  tool,
} from 'ai';
import type { Expect, Field, Transcript } from './manifest.js';

/** What a user got from one replayed transcript, the same shape for the app and the reference. */
export interface Outcome {
  status: 'complete' | 'failed' | string;
  text: string;
  tools: Array<{ skill: string; input: unknown }>;
  usage: TokenUsage;
  finishReason?: string;
  reasoning: string;
  requests: number;
  toolFailure: boolean;
}

/** The user's message of a transcript: the marker tells the replay server which transcript to serve. */
export const question = (transcript: Transcript) =>
  `${replayMarker(transcript.name)} What's the weather like in Paris?`;

/** Does the outcome match the expectation on this field? (Only fields the manifest sets are compared.) */
export function matches(field: Field, expect: Expect, outcome: Outcome): boolean {
  switch (field) {
    case 'status':
      return outcome.status === expect.status;
    case 'text':
      return outcome.text === expect.text;
    case 'tools':
      return JSON.stringify(outcome.tools) === JSON.stringify(expect.tools);
    case 'usage':
      return Object.entries(expect.usage ?? {}).every(
        ([key, value]) => outcome.usage[key as keyof TokenUsage] === value,
      );
    case 'finishReason':
      return outcome.finishReason === expect.finishReason;
    case 'reasoning':
      return outcome.reasoning === expect.reasoning;
    case 'requests':
      return outcome.requests === expect.requests;
    case 'toolFailure':
      return outcome.toolFailure === expect.toolFailure;
  }
}

export const fieldsOf = (expect: Expect): Field[] =>
  (Object.keys(expect) as Field[]).filter((field) => expect[field] !== undefined);

const SDK_FINISH: Record<SdkFinishReason, FinishReason> = {
  stop: 'stop',
  length: 'length',
  'content-filter': 'content_filter',
  'tool-calls': 'tool_calls',
  error: 'error',
  other: 'other',
};

function addUsage(sum: TokenUsage, usage: LanguageModelUsage | undefined): TokenUsage {
  if (!usage) return sum;
  const add = (a: number | undefined, b: number | undefined) => (b === undefined ? a : (a ?? 0) + b);
  return {
    inputTokens: add(sum.inputTokens, usage.inputTokens),
    outputTokens: add(sum.outputTokens, usage.outputTokens),
    reasoningTokens: add(sum.reasoningTokens, usage.outputTokenDetails?.reasoningTokens),
    cachedInputTokens: add(sum.cachedInputTokens, usage.inputTokenDetails?.cacheReadTokens),
  };
}

/**
 * The AI SDK's public `streamText` on the same transcript: the reference reading of the stream.
 * The weather tool is declared with the skill's input shape and answers a fixed forecast.
 */
export async function referenceOutcome(
  transcript: Transcript,
  baseUrl: string,
  served: () => number,
): Promise<Outcome> {
  const model =
    transcript.api === 'anthropic'
      ? createAnthropic({ apiKey: 'sk-ant-replay', baseURL: baseUrl })('claude-sonnet-4-20250514')
      : createOpenAICompatible({ name: 'replay', baseURL: baseUrl, apiKey: 'sk-replay', includeUsage: true }).chatModel(
          'replay-model',
        );
  const executed: unknown[] = [];
  const tools = {
    forecast_weather: tool({
      description: 'Current weather and a daily forecast for a named place.',
      inputSchema: jsonSchema<{ location?: string; days?: number }>({
        type: 'object',
        properties: { location: { type: 'string' }, days: { type: 'integer', minimum: 1, maximum: 7 } },
      }),
      execute: async (input) => {
        executed.push(input);
        return { location: { name: input.location ?? 'Berlin' }, current: { temperature: 7.1, weatherCode: 3 } };
      },
    }),
  };
  const result = streamText({
    model,
    messages: [{ role: 'user', content: question(transcript) }],
    tools,
    stopWhen: stepCountIs(5),
    maxRetries: 1,
    // Errors are read from the stream below; the default handler would only log them.
    onError: () => undefined,
  });
  const stepTexts: string[] = [];
  let text = '';
  let reasoning = '';
  let usage: TokenUsage = {};
  let finishReason: string | undefined;
  let failed = false;
  let toolErrors = 0;
  const calls: Array<{ skill: string; input: unknown }> = [];
  try {
    for await (const part of result.fullStream) {
      switch (part.type) {
        case 'start-step':
          text = '';
          break;
        case 'text-delta':
          text += part.text;
          break;
        case 'reasoning-delta':
          reasoning += part.text;
          break;
        case 'tool-call':
          if (!part.invalid) calls.push({ skill: part.toolName, input: part.input });
          else toolErrors++;
          break;
        case 'tool-error':
          toolErrors++;
          break;
        case 'finish-step':
          if (text) stepTexts.push(text);
          text = '';
          usage = addUsage(usage, part.usage);
          finishReason = SDK_FINISH[part.finishReason];
          break;
        case 'error':
          failed = true;
          break;
      }
    }
  } catch {
    failed = true;
  }
  return {
    status: failed ? 'failed' : 'complete',
    text: stepTexts.join('\n\n'),
    tools: calls,
    usage: Object.fromEntries(Object.entries(usage).filter(([, v]) => v !== undefined)),
    finishReason,
    reasoning,
    requests: served(),
    toolFailure: executed.length === 0 && (failed || toolErrors > 0),
  };
}
