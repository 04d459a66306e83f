import type { FinishReason, TokenUsage } from '@neura/contract';

/**
 * The provider conformance transcripts (issue #24) and what a user must get from each: the reply
 * text, the tool calls run with their input, the token usage and finish reason stored with the
 * reply, and for failures an error message with the charge refunded.
 *
 * Each step is one HTTP response the replay server gives, in order: a streamed answer (`.sse`, in
 * the provider's documented wire format) or an error status with the provider's JSON body. Tool
 * transcripts have one step per model request (the engine asks again after running the tool);
 * error transcripts have one step per attempt (one retry).
 *
 * Usage follows the AI SDK's reading of each provider (the reference): `inputTokens` is the whole
 * prompt including cached tokens, `cachedInputTokens` the cached part, `outputTokens` includes
 * reasoning tokens. Multi-step replies sum over their steps; the finish reason is the last step's.
 */

export type Field = 'status' | 'text' | 'tools' | 'usage' | 'finishReason' | 'reasoning' | 'requests' | 'toolFailure';

export interface Step {
  /** File in ./transcripts. */
  file: string;
  /** HTTP status for an error body; default 200 (a stream). */
  status?: number;
  headers?: Record<string, string>;
  /** Served with these line endings instead of the file's `\n`. */
  lineEnding?: 'crlf' | 'cr';
  /** Served in writes of this many bytes (splits lines and UTF-8 characters). */
  writeBytes?: number;
  /** Served one event at a time, this long apart (a model that thinks slowly). */
  eventDelayMs?: number;
}

export interface Expect {
  /** The reply's status; not checked when absent. Failed replies are refunded with a message. */
  status?: 'complete' | 'failed';
  /** The reply's text; steps' texts are joined by a blank line (text after a tool call starts a paragraph). */
  text?: string;
  /** Tool calls run, in order, each with its input (all complete). */
  tools?: Array<{ skill: 'forecast_weather'; input: Record<string, unknown> }>;
  /** Listed counts must match; counts not listed are not checked. */
  usage?: TokenUsage;
  finishReason?: FinishReason;
  reasoning?: string;
  /** Model requests made for the reply (retries included). */
  requests?: number;
  /**
   * The call cannot run (no name): it fails visibly — a failed call with an error, or a failed,
   * refunded reply that says why — never silently (dropped, then "The model sent an empty reply").
   */
  toolFailure?: true;
}

export interface Transcript {
  name: string;
  /** Who sends this shape (for the report). */
  source: string;
  /** Which client path reads it. */
  api: 'openai-compatible' | 'anthropic';
  steps: Step[];
  /**
   * Replayed through an app whose LLM_IDLE_TIMEOUT_SECONDS is this short (with slow steps: a model
   * that thinks for longer than the idle timeout before its first word).
   */
  idleTimeoutSeconds?: 1;
  expect: Expect;
  /**
   * Where the AI SDK's `streamText` (the reference) is known to disagree with `expect`, and why.
   * The suite fails on any other disagreement, and on a listed one that no longer happens.
   */
  knownDifference?: Partial<Record<Field, string>>;
}

const PARIS = { skill: 'forecast_weather', input: { location: 'Paris' } } as const;
const TOKYO = { skill: 'forecast_weather', input: { location: 'Tokyo' } } as const;
const RETRY_NOW = { 'retry-after': '0' };

const single = (file: string): Step[] => [{ file }];
const tool = (name: string): Step[] => [{ file: `${name}.1.sse` }, { file: `${name}.2.sse` }];

const XAI_REASONING = Array.from({ length: 220 }, (_, i) => `step${i + 1} `).join('');

export const transcripts: Transcript[] = [
  // ---- OpenAI Chat Completions ----------------------------------------------------------------
  {
    name: 'openai-text',
    source: 'OpenAI gpt-4o-mini, stream_options.include_usage',
    api: 'openai-compatible',
    steps: single('openai-text.sse'),
    expect: {
      status: 'complete',
      text: 'Hello there, friend!',
      usage: { inputTokens: 42, outputTokens: 5 },
      finishReason: 'stop',
    },
  },
  {
    name: 'openai-tool',
    source: 'OpenAI: a call split over chunks by index, usage in a last chunk with choices []',
    api: 'openai-compatible',
    steps: tool('openai-tool'),
    expect: {
      status: 'complete',
      text: 'Paris is 7 °C and overcast.',
      tools: [PARIS],
      usage: { inputTokens: 712, outputTokens: 26, cachedInputTokens: 256 },
      finishReason: 'stop',
      requests: 2,
    },
  },
  {
    name: 'openai-parallel-tools',
    source: 'OpenAI gpt-4o: two calls at index 0 and 1',
    api: 'openai-compatible',
    steps: tool('openai-parallel-tools'),
    expect: {
      status: 'complete',
      text: 'Both cities are cloudy today.',
      tools: [PARIS, TOKYO],
      usage: { inputTokens: 930, outputTokens: 55 },
      finishReason: 'stop',
    },
  },
  {
    name: 'openai-length',
    source: 'OpenAI: finish_reason "length" (max_tokens hit)',
    api: 'openai-compatible',
    steps: single('openai-length.sse'),
    expect: {
      status: 'complete',
      text: 'Once upon a time, in a kingdom far',
      usage: { inputTokens: 30, outputTokens: 8 },
      finishReason: 'length',
    },
  },
  {
    name: 'openai-reasoning-usage',
    source: 'OpenAI o3-mini: reasoning and cached token details in usage',
    api: 'openai-compatible',
    steps: single('openai-reasoning-usage.sse'),
    expect: {
      status: 'complete',
      text: '17 × 23 = 391.',
      usage: { inputTokens: 1536, outputTokens: 212, reasoningTokens: 192, cachedInputTokens: 1280 },
      finishReason: 'stop',
    },
  },
  {
    name: 'openai-429-then-ok',
    source: 'OpenAI: HTTP 429 rate_limit_exceeded with retry-after, then a stream',
    api: 'openai-compatible',
    steps: [{ file: 'openai-429.1.json', status: 429, headers: RETRY_NOW }, { file: 'openai-text.sse' }],
    expect: {
      status: 'complete',
      text: 'Hello there, friend!',
      usage: { inputTokens: 42, outputTokens: 5 },
      finishReason: 'stop',
      requests: 2,
    },
  },
  {
    name: 'openai-500-twice',
    source: 'OpenAI: HTTP 500 server_error on the request and on its one retry',
    api: 'openai-compatible',
    steps: [
      { file: 'openai-500.json', status: 500, headers: RETRY_NOW },
      { file: 'openai-500.json', status: 500, headers: RETRY_NOW },
    ],
    expect: { status: 'failed', requests: 2 },
  },
  {
    name: 'openai-429-twice',
    source: 'OpenAI: HTTP 429 on the request and on its one retry',
    api: 'openai-compatible',
    steps: [
      { file: 'openai-429.1.json', status: 429, headers: RETRY_NOW },
      { file: 'openai-429.1.json', status: 429, headers: RETRY_NOW },
    ],
    expect: { status: 'failed', requests: 2 },
  },
  {
    name: 'openai-error-midstream',
    source: 'OpenAI: an error object after some text',
    api: 'openai-compatible',
    steps: single('openai-error-midstream.sse'),
    expect: { status: 'failed' },
  },

  // ---- Azure OpenAI -----------------------------------------------------------------------------
  {
    name: 'azure-text',
    source: 'Azure OpenAI: prompt_filter_results first chunk, content-filter chunk after the finish',
    api: 'openai-compatible',
    steps: single('azure-text.sse'),
    expect: {
      status: 'complete',
      text: 'Azure says hello.',
      usage: { inputTokens: 51, outputTokens: 4 },
      finishReason: 'stop',
    },
  },
  {
    name: 'azure-tool',
    source: 'Azure OpenAI: a tool call between filter chunks',
    api: 'openai-compatible',
    steps: tool('azure-tool'),
    expect: {
      status: 'complete',
      text: 'Overcast in Paris, 7 °C.',
      tools: [PARIS],
      usage: { inputTokens: 688, outputTokens: 26 },
      finishReason: 'stop',
    },
  },
  {
    name: 'azure-content-filter',
    source: 'Azure OpenAI: finish_reason "content_filter" after some text',
    api: 'openai-compatible',
    steps: single('azure-content-filter.sse'),
    // Whether a filtered reply stays complete or fails with the reason is the engine's choice.
    expect: {
      text: 'The duel began at dawn and',
      usage: { inputTokens: 61, outputTokens: 7 },
      finishReason: 'content_filter',
    },
  },

  // ---- Anthropic Messages -----------------------------------------------------------------------
  {
    name: 'anthropic-text',
    source: 'Anthropic: message_start, ping, text_delta, message_delta usage',
    api: 'anthropic',
    steps: single('anthropic-text.sse'),
    expect: {
      status: 'complete',
      text: 'Hello from Claude!',
      usage: { inputTokens: 25, outputTokens: 15 },
      finishReason: 'stop',
    },
  },
  {
    name: 'anthropic-thinking',
    source: 'Anthropic extended thinking: thinking_delta, signature_delta, then text',
    api: 'anthropic',
    steps: single('anthropic-thinking.sse'),
    expect: {
      status: 'complete',
      text: '27 × 453 = 12,231.',
      reasoning: 'The user asks for 27 * 453. 27 * 453 = 12231.',
      usage: { inputTokens: 48, outputTokens: 61 },
      finishReason: 'stop',
    },
  },
  {
    name: 'anthropic-thinking-slow',
    source: 'Anthropic extended thinking for longer than the idle timeout before the first text',
    api: 'anthropic',
    steps: [{ file: 'anthropic-thinking-slow.sse', eventDelayMs: 200 }],
    idleTimeoutSeconds: 1,
    expect: {
      status: 'complete',
      text: 'Yes, it holds.',
      reasoning: 'A long proof. Step one holds. Step two holds. So it is true.',
      usage: { inputTokens: 40, outputTokens: 90 },
      finishReason: 'stop',
    },
  },
  {
    name: 'anthropic-tool',
    source: 'Anthropic: text then a tool_use block with input_json_delta fragments',
    api: 'anthropic',
    steps: tool('anthropic-tool'),
    expect: {
      status: 'complete',
      text: 'Let me check the weather in Paris.\n\nIt is 7 °C and overcast in Paris.',
      tools: [{ skill: 'forecast_weather', input: { location: 'Paris', days: 2 } }],
      usage: { inputTokens: 1162, outputTokens: 103 },
      finishReason: 'stop',
    },
  },
  {
    name: 'anthropic-refusal',
    source: 'Anthropic: stop_reason "refusal" with no content',
    api: 'anthropic',
    steps: single('anthropic-refusal.sse'),
    // No answer: a failed, refunded reply or a stored refusal; either way the reason is content_filter.
    expect: { finishReason: 'content_filter', usage: { inputTokens: 35, outputTokens: 1 } },
  },
  {
    name: 'anthropic-duplicate-start',
    source: 'Anthropic: a repeated message_start and pings between deltas',
    api: 'anthropic',
    steps: single('anthropic-duplicate-start.sse'),
    expect: {
      status: 'complete',
      text: 'Said once, heard once.',
      usage: { inputTokens: 22, outputTokens: 7 },
      finishReason: 'stop',
    },
  },
  {
    name: 'anthropic-parallel-tools',
    source: 'Anthropic: two tool_use blocks in one message',
    api: 'anthropic',
    steps: tool('anthropic-parallel-tools'),
    expect: {
      status: 'complete',
      text: 'Both cities are cloudy today.',
      tools: [PARIS, TOKYO],
      usage: { inputTokens: 1380, outputTokens: 110 },
      finishReason: 'stop',
    },
  },
  {
    name: 'anthropic-529-then-ok',
    source: 'Anthropic: HTTP 529 overloaded_error, then a stream',
    api: 'anthropic',
    steps: [{ file: 'anthropic-529.json', status: 529, headers: RETRY_NOW }, { file: 'anthropic-text.sse' }],
    expect: {
      status: 'complete',
      text: 'Hello from Claude!',
      usage: { inputTokens: 25, outputTokens: 15 },
      finishReason: 'stop',
      requests: 2,
    },
  },
  {
    name: 'anthropic-529-twice',
    source: 'Anthropic: HTTP 529 overloaded_error on the request and on its one retry',
    api: 'anthropic',
    steps: [
      { file: 'anthropic-529.json', status: 529, headers: RETRY_NOW },
      { file: 'anthropic-529.json', status: 529, headers: RETRY_NOW },
    ],
    expect: { status: 'failed', requests: 2 },
  },
  {
    name: 'anthropic-error-midstream',
    source: 'Anthropic: an error event (overloaded_error) after some text',
    api: 'anthropic',
    steps: single('anthropic-error-midstream.sse'),
    expect: { status: 'failed' },
  },
  {
    name: 'anthropic-error-first',
    source: 'Anthropic: an error event as the first event of a 200 stream',
    api: 'anthropic',
    steps: single('anthropic-error-first.sse'),
    expect: { status: 'failed' },
  },
  {
    name: 'anthropic-max-tokens',
    source: 'Anthropic: stop_reason "max_tokens"',
    api: 'anthropic',
    steps: single('anthropic-max-tokens.sse'),
    expect: {
      status: 'complete',
      text: 'Chapter one: the long',
      usage: { inputTokens: 30, outputTokens: 5 },
      finishReason: 'length',
    },
  },
  {
    name: 'anthropic-cache-usage',
    source: 'Anthropic: cache_read_input_tokens in message_start usage',
    api: 'anthropic',
    steps: single('anthropic-cache-usage.sse'),
    expect: {
      status: 'complete',
      text: 'Cached and quick.',
      usage: { inputTokens: 2060, outputTokens: 6, cachedInputTokens: 2048 },
      finishReason: 'stop',
    },
  },

  // ---- DeepSeek ---------------------------------------------------------------------------------
  {
    name: 'deepseek-reasoner',
    source: 'DeepSeek R1: reasoning_content deltas, usage on the finish chunk',
    api: 'openai-compatible',
    steps: single('deepseek-reasoner.sse'),
    expect: {
      status: 'complete',
      text: '9.9 is greater than 9.11.',
      reasoning: 'Okay, the user wants 9.11 vs 9.9. 9.9 is larger.',
      usage: { inputTokens: 18, outputTokens: 96, reasoningTokens: 81 },
      finishReason: 'stop',
    },
  },
  {
    name: 'deepseek-reasoner-slow',
    source: 'DeepSeek R1 thinking for longer than the idle timeout before its first word',
    api: 'openai-compatible',
    steps: [{ file: 'deepseek-reasoner-slow.sse', eventDelayMs: 200 }],
    idleTimeoutSeconds: 1,
    expect: {
      status: 'complete',
      text: 'There are 8 primes below 20.',
      reasoning: 'Let me think about primes below twenty: 2, 3, 5, 7, 11, 13, 17, 19. That is eight.',
      usage: { inputTokens: 16, outputTokens: 140, reasoningTokens: 128 },
      finishReason: 'stop',
    },
  },
  {
    name: 'deepseek-length',
    source: 'DeepSeek: finish_reason "length"',
    api: 'openai-compatible',
    steps: single('deepseek-length.sse'),
    expect: {
      status: 'complete',
      text: 'Here are fifty facts. 1. Octopuses have',
      usage: { inputTokens: 22, outputTokens: 10 },
      finishReason: 'length',
    },
  },
  {
    name: 'deepseek-402',
    source: 'DeepSeek: HTTP 402 "Insufficient Balance" (not retried)',
    api: 'openai-compatible',
    steps: [{ file: 'deepseek-402.json', status: 402 }],
    expect: { status: 'failed', requests: 1 },
  },
  {
    name: 'deepseek-tool',
    source: 'DeepSeek: a call split by index, prompt cache hit tokens',
    api: 'openai-compatible',
    steps: tool('deepseek-tool'),
    expect: {
      status: 'complete',
      text: 'Paris: 7 °C, cloudy.',
      tools: [PARIS],
      usage: { inputTokens: 670, outputTokens: 29, cachedInputTokens: 512 },
      finishReason: 'stop',
    },
  },

  // ---- OpenRouter -------------------------------------------------------------------------------
  {
    name: 'openrouter-reasoning',
    source: 'OpenRouter gpt-oss: ": OPENROUTER PROCESSING" comments, delta.reasoning',
    api: 'openai-compatible',
    steps: single('openrouter-reasoning.sse'),
    expect: {
      status: 'complete',
      text: 'Hi! How can I help?',
      reasoning: 'The user greets. Reply kindly.',
      usage: { inputTokens: 80, outputTokens: 30, reasoningTokens: 22 },
      finishReason: 'stop',
    },
  },
  {
    name: 'openrouter-error-midstream',
    source: 'OpenRouter: an error object with finish_reason "error" after text',
    api: 'openai-compatible',
    steps: single('openrouter-error-midstream.sse'),
    expect: { status: 'failed' },
  },
  {
    name: 'openrouter-tool',
    source: 'OpenRouter (Gemini upstream): a whole call in one chunk',
    api: 'openai-compatible',
    steps: tool('openrouter-tool'),
    expect: {
      status: 'complete',
      text: 'Paris is overcast at 7 °C.',
      tools: [PARIS],
      usage: { inputTokens: 580, outputTokens: 22 },
      finishReason: 'stop',
    },
  },

  // ---- Groq -------------------------------------------------------------------------------------
  {
    name: 'groq-text',
    source: 'Groq: usage only in x_groq.usage',
    api: 'openai-compatible',
    steps: single('groq-text.sse'),
    expect: {
      status: 'complete',
      text: 'Fast as lightning.',
      usage: { inputTokens: 40, outputTokens: 5 },
      finishReason: 'stop',
    },
    knownDifference: {
      usage: 'The AI SDK reads `usage` only at the top level of a chunk; Groq reports it in `x_groq.usage`.',
    },
  },
  {
    name: 'groq-tool',
    source: 'Groq: a whole call with finish_reason in the same chunk',
    api: 'openai-compatible',
    steps: tool('groq-tool'),
    expect: {
      status: 'complete',
      text: 'Paris: 7 °C and cloudy.',
      tools: [PARIS],
      usage: { inputTokens: 770, outputTokens: 27 },
      finishReason: 'stop',
    },
    knownDifference: {
      usage: 'The AI SDK reads `usage` only at the top level of a chunk; Groq reports it in `x_groq.usage`.',
    },
  },
  {
    name: 'groq-reasoning',
    source: 'Groq gpt-oss: delta.reasoning, usage in x_groq and at the top level',
    api: 'openai-compatible',
    steps: single('groq-reasoning.sse'),
    expect: {
      status: 'complete',
      text: 'Soft rain on the roof',
      reasoning: 'We need a short haiku about rain.',
      usage: { inputTokens: 75, outputTokens: 27, reasoningTokens: 20 },
      finishReason: 'stop',
    },
  },

  // ---- Mistral ----------------------------------------------------------------------------------
  {
    name: 'mistral-text',
    source: 'Mistral: finish and usage on the last text chunk',
    api: 'openai-compatible',
    steps: single('mistral-text.sse'),
    expect: {
      status: 'complete',
      text: 'Bonjour à vous !',
      usage: { inputTokens: 14, outputTokens: 6 },
      finishReason: 'stop',
    },
  },
  {
    name: 'mistral-tool',
    source: 'Mistral: a whole call without index, finish and usage in the same chunk',
    api: 'openai-compatible',
    steps: tool('mistral-tool'),
    expect: {
      status: 'complete',
      text: 'In Paris it is 7 °C with clouds.',
      tools: [PARIS],
      usage: { inputTokens: 732, outputTokens: 40 },
      finishReason: 'stop',
    },
  },
  {
    name: 'mistral-magistral',
    source: 'Mistral magistral: content as an array of thinking / text parts',
    api: 'openai-compatible',
    steps: single('mistral-magistral.sse'),
    expect: {
      status: 'complete',
      text: '2 + 2 = 4.',
      reasoning: 'Two plus two is four.',
      usage: { inputTokens: 20, outputTokens: 28 },
      finishReason: 'stop',
    },
  },

  // ---- xAI --------------------------------------------------------------------------------------
  {
    name: 'xai-reasoning',
    source: 'xAI grok-3-mini: 220 reasoning_content chunks before the first text',
    api: 'openai-compatible',
    steps: single('xai-reasoning.sse'),
    expect: {
      status: 'complete',
      text: 'The answer is 42.',
      reasoning: XAI_REASONING,
      usage: { inputTokens: 32, outputTokens: 664, reasoningTokens: 660, cachedInputTokens: 6 },
      finishReason: 'stop',
    },
  },
  {
    name: 'xai-tool',
    source: 'xAI grok-4: reasoning, then a whole call in one chunk',
    api: 'openai-compatible',
    steps: tool('xai-tool'),
    expect: {
      status: 'complete',
      text: 'Paris: overcast, 7 °C.',
      tools: [PARIS],
      reasoning: 'Weather in Paris: use the tool.',
      usage: { inputTokens: 960, outputTokens: 142, reasoningTokens: 104, cachedInputTokens: 384 },
      finishReason: 'stop',
    },
  },

  // ---- Gemini (OpenAI-compatible endpoint) ------------------------------------------------------
  {
    name: 'gemini-text',
    source: 'Gemini OpenAI-compatible: usage on the finish chunk',
    api: 'openai-compatible',
    steps: single('gemini-text.sse'),
    expect: {
      status: 'complete',
      text: 'Gemini here, hello!',
      usage: { inputTokens: 30, outputTokens: 5 },
      finishReason: 'stop',
    },
  },
  {
    name: 'gemini-tool',
    source: 'Gemini OpenAI-compatible: a call without index, with extra_content.google',
    api: 'openai-compatible',
    steps: tool('gemini-tool'),
    expect: {
      status: 'complete',
      text: "It's 7 °C and overcast in Paris.",
      tools: [PARIS],
      usage: { inputTokens: 720, outputTokens: 29 },
      finishReason: 'stop',
    },
  },
  {
    name: 'gemini-parallel-tools',
    source: 'Gemini OpenAI-compatible: two calls without index in one delta',
    api: 'openai-compatible',
    steps: tool('gemini-parallel-tools'),
    expect: {
      status: 'complete',
      text: 'Both cities are cloudy today.',
      tools: [PARIS, TOKYO],
      usage: { inputTokens: 905, outputTokens: 37 },
      finishReason: 'stop',
    },
  },

  // ---- vLLM -------------------------------------------------------------------------------------
  {
    name: 'vllm-reasoning',
    source: 'vLLM QwQ with a reasoning parser: reasoning_content',
    api: 'openai-compatible',
    steps: single('vllm-reasoning.sse'),
    expect: {
      status: 'complete',
      text: 'Paris.',
      reasoning: 'Hmm, the capital of France is Paris.',
      usage: { inputTokens: 15, outputTokens: 25 },
      finishReason: 'stop',
    },
  },
  {
    name: 'vllm-tool',
    source: 'vLLM: a first tool delta without arguments, stop_reason beside finish_reason',
    api: 'openai-compatible',
    steps: tool('vllm-tool'),
    expect: {
      status: 'complete',
      text: 'Paris is at 7 °C.',
      tools: [PARIS],
      usage: { inputTokens: 600, outputTokens: 31 },
      finishReason: 'stop',
    },
  },
  {
    name: 'vllm-error-object',
    source: 'vLLM 0.6–0.9: {"object":"error","message":…} mid-stream, without an error key',
    api: 'openai-compatible',
    steps: single('vllm-error-object.sse'),
    expect: { status: 'failed' },
  },

  // ---- Ollama -----------------------------------------------------------------------------------
  {
    name: 'ollama-parallel-index0',
    source: 'Ollama: every parallel call at index 0 with distinct ids',
    api: 'openai-compatible',
    steps: tool('ollama-parallel-index0'),
    expect: {
      status: 'complete',
      text: 'Both cities are cloudy today.',
      tools: [PARIS, TOKYO],
      usage: { inputTokens: 710, outputTokens: 47 },
      finishReason: 'stop',
    },
  },
  {
    name: 'ollama-reasoning',
    source: 'Ollama gpt-oss on the OpenAI endpoint: delta.reasoning',
    api: 'openai-compatible',
    steps: single('ollama-reasoning.sse'),
    expect: {
      status: 'complete',
      text: 'Hello! Nice to meet you.',
      reasoning: 'User says hi. Greet back.',
      usage: { inputTokens: 70, outputTokens: 24 },
      finishReason: 'stop',
    },
  },
  {
    name: 'ollama-finish-empty',
    source: 'Older Ollama: finish_reason "" on every chunk before the real one, no usage',
    api: 'openai-compatible',
    steps: single('ollama-finish-empty.sse'),
    expect: { status: 'complete', text: 'Good morning!', finishReason: 'stop' },
  },

  // ---- llama.cpp server -------------------------------------------------------------------------
  {
    name: 'llamacpp-text',
    source: 'llama.cpp server: content null first delta, timings beside usage',
    api: 'openai-compatible',
    steps: single('llamacpp-text.sse'),
    expect: {
      status: 'complete',
      text: 'Local models rock.',
      usage: { inputTokens: 28, outputTokens: 4 },
      finishReason: 'stop',
    },
  },
  {
    name: 'llamacpp-tool',
    source: 'llama.cpp server --jinja: a call split by index with a random id',
    api: 'openai-compatible',
    steps: tool('llamacpp-tool'),
    expect: {
      status: 'complete',
      text: 'Cloudy, 7 °C in Paris.',
      tools: [PARIS],
      usage: { inputTokens: 590, outputTokens: 33 },
      finishReason: 'stop',
    },
  },
  {
    name: 'ik-llamacpp-no-done',
    source: 'ik_llama.cpp: no data: [DONE], last event without its closing blank line',
    api: 'openai-compatible',
    steps: single('ik-llamacpp-no-done.sse'),
    expect: {
      status: 'complete',
      text: 'No DONE marker here.',
      usage: { inputTokens: 12, outputTokens: 4 },
      finishReason: 'stop',
    },
    knownDifference: {
      status:
        'The AI SDK parses SSE with eventsource-parser, which (as the SSE spec says) drops a last event not ended by a blank line; that event holds the finish, so the step errors with "Response stream ended without a finish reason".',
      usage: 'The usage is in the dropped last event.',
      finishReason: 'The finish is in the dropped last event; the AI SDK reports "error".',
    },
  },

  // ---- LM Studio --------------------------------------------------------------------------------
  {
    name: 'lmstudio-text',
    source: 'LM Studio: role on every delta, usage chunk',
    api: 'openai-compatible',
    steps: single('lmstudio-text.sse'),
    expect: {
      status: 'complete',
      text: 'From LM Studio.',
      usage: { inputTokens: 24, outputTokens: 4 },
      finishReason: 'stop',
    },
  },
  {
    name: 'lmstudio-tool',
    source: 'LM Studio: a numeric-string call id, arguments in the second delta',
    api: 'openai-compatible',
    steps: tool('lmstudio-tool'),
    expect: {
      status: 'complete',
      text: '7 °C and cloudy in Paris.',
      tools: [PARIS],
      usage: { inputTokens: 630, outputTokens: 29 },
      finishReason: 'stop',
    },
  },

  // ---- SGLang -----------------------------------------------------------------------------------
  {
    name: 'sglang-tool-finish-empty',
    source: 'SGLang: finish_reason "" on every chunk, a call split over chunks',
    api: 'openai-compatible',
    steps: tool('sglang-tool-finish-empty'),
    expect: {
      status: 'complete',
      text: 'Paris is 7 °C, overcast.',
      tools: [PARIS],
      usage: { inputTokens: 680, outputTokens: 32 },
      finishReason: 'stop',
    },
  },
  {
    name: 'sglang-text-finish-empty',
    source: 'SGLang DeepSeek-R1: finish_reason "", reasoning_content',
    api: 'openai-compatible',
    steps: single('sglang-text-finish-empty.sse'),
    expect: {
      status: 'complete',
      text: 'Hello from SGLang.',
      reasoning: 'Short greeting.',
      usage: { inputTokens: 9, outputTokens: 16 },
      finishReason: 'stop',
    },
  },

  // ---- Moonshot ---------------------------------------------------------------------------------
  {
    name: 'moonshot-usage-in-choice',
    source: 'Moonshot Kimi: usage inside the finishing choice',
    api: 'openai-compatible',
    steps: single('moonshot-usage-in-choice.sse'),
    expect: {
      status: 'complete',
      text: '你好, Kimi here.',
      usage: { inputTokens: 19, outputTokens: 6 },
      finishReason: 'stop',
    },
    knownDifference: {
      usage: 'The AI SDK reads `usage` only at the top level of a chunk; Moonshot puts it in `choices[0].usage`.',
    },
  },

  // ---- The wire ---------------------------------------------------------------------------------
  {
    name: 'wire-crlf',
    source: 'A gateway ending lines with CRLF',
    api: 'openai-compatible',
    steps: [{ file: 'wire-crlf.sse', lineEnding: 'crlf' }],
    expect: {
      status: 'complete',
      text: 'Lines end in CRLF.',
      usage: { inputTokens: 11, outputTokens: 4 },
      finishReason: 'stop',
    },
  },
  {
    name: 'wire-lone-cr',
    source: 'A server ending lines with a lone CR',
    api: 'openai-compatible',
    steps: [{ file: 'wire-lone-cr.sse', lineEnding: 'cr' }],
    expect: {
      status: 'complete',
      text: 'Only carriage returns here.',
      usage: { inputTokens: 12, outputTokens: 4 },
      finishReason: 'stop',
    },
  },
  {
    name: 'wire-keep-alive',
    source: 'A proxy sending ": keep-alive" comment lines',
    api: 'openai-compatible',
    steps: single('wire-keep-alive.sse'),
    expect: {
      status: 'complete',
      text: 'Still here.',
      usage: { inputTokens: 9, outputTokens: 3 },
      finishReason: 'stop',
    },
  },
  {
    name: 'wire-no-space',
    source: 'A gateway writing data:{…} without the space',
    api: 'openai-compatible',
    steps: single('wire-no-space.sse'),
    expect: {
      status: 'complete',
      text: 'No space after data.',
      usage: { inputTokens: 10, outputTokens: 4 },
      finishReason: 'stop',
    },
  },
  {
    name: 'wire-split-utf8',
    source: 'Tiny writes that split lines and UTF-8 characters',
    api: 'openai-compatible',
    steps: [{ file: 'wire-split-utf8.sse', writeBytes: 3 }],
    expect: {
      status: 'complete',
      text: 'Grüße aus Köln 🌦️ — 東京',
      usage: { inputTokens: 10, outputTokens: 9 },
      finishReason: 'stop',
    },
  },
  {
    name: 'wire-placeholder-first',
    source: 'LiteLLM: an empty placeholder first chunk (id "", model "")',
    api: 'openai-compatible',
    steps: single('wire-placeholder-first.sse'),
    expect: {
      status: 'complete',
      text: 'After a placeholder.',
      usage: { inputTokens: 13, outputTokens: 4 },
      finishReason: 'stop',
    },
  },
  {
    name: 'wire-tool-calls-empty-array',
    source: 'tool_calls: [] on every text delta',
    api: 'openai-compatible',
    steps: single('wire-tool-calls-empty-array.sse'),
    expect: {
      status: 'complete',
      text: 'Empty tool lists are fine.',
      usage: { inputTokens: 20, outputTokens: 5 },
      finishReason: 'stop',
    },
  },
  {
    name: 'wire-tool-index1-after-text',
    source: 'Anthropic through an OpenAI-compatible gateway: text, then a call at index 1',
    api: 'openai-compatible',
    steps: tool('wire-tool-index1-after-text'),
    expect: {
      status: 'complete',
      text: "I'll check the forecast.\n\nParis: 7 °C, overcast.",
      tools: [PARIS],
      usage: { inputTokens: 900, outputTokens: 60 },
      finishReason: 'stop',
    },
  },

  // ---- Malformed calls --------------------------------------------------------------------------
  {
    name: 'tool-args-object',
    source: 'A local gateway sending arguments as a JSON object, not a string',
    api: 'openai-compatible',
    steps: tool('tool-args-object'),
    expect: {
      status: 'complete',
      text: 'Paris: 7 °C, overcast.',
      tools: [PARIS],
      usage: { inputTokens: 460, outputTokens: 24 },
      finishReason: 'stop',
    },
    knownDifference: {
      status:
        'The AI SDK validates `function.arguments` as a string: the chunk fails to parse and the step reports an error.',
      text: 'The AI SDK never runs the call, so there is no second step and no answer text.',
      tools: 'The AI SDK drops the call whose arguments are not a string.',
      usage: "Without a second step the AI SDK reports the first step's usage only.",
      finishReason: 'The AI SDK\'s last step is the first one, which finished with "tool_calls".',
    },
  },
  {
    name: 'tool-no-name',
    source: 'A call with an id and arguments but no function name',
    api: 'openai-compatible',
    steps: [{ file: 'tool-no-name.sse' }, { file: 'tool-no-name.2.sse' }],
    expect: { toolFailure: true },
  },
];
