import type { LanguageModelV3FinishReason, LanguageModelV3Usage } from '@ai-sdk/provider';

/** The shapes of a Chat Completions stream chunk, and what the lean path (wire-parts.ts) reads off them. */

export type ToolCallDelta = {
  index?: number | null;
  id?: string | null;
  function?: { name?: string | null; arguments?: unknown } | null;
};
export type ContentPart = { type?: string; text?: unknown; thinking?: unknown };
export type WireUsage = {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number } | null;
  completion_tokens_details?: { reasoning_tokens?: number } | null;
  /** DeepSeek's cache hit count. */
  prompt_cache_hit_tokens?: number;
};
export type Chunk = {
  object?: string;
  message?: unknown;
  error?: { message?: unknown } | string | null;
  usage?: WireUsage | null;
  x_groq?: { usage?: WireUsage | null } | null;
  choices?: Array<{
    index?: number;
    finish_reason?: string | null;
    /** Moonshot reports usage inside the choice. */
    usage?: WireUsage | null;
    delta?: {
      content?: string | ContentPart[] | null;
      reasoning_content?: string | null;
      reasoning?: string | null;
      tool_calls?: ToolCallDelta[] | null;
    } | null;
  }> | null;
};

/** Maps a Chat Completions finish reason to the SDK's unified one. */
export function finishReasonOf(raw: string | undefined): LanguageModelV3FinishReason {
  switch (raw) {
    case 'stop':
    case 'end_turn':
    case 'eos':
      return { unified: 'stop', raw };
    case 'length':
    case 'max_tokens':
      return { unified: 'length', raw };
    case 'content_filter':
    case 'refusal':
      return { unified: 'content-filter', raw };
    case 'tool_calls':
    case 'function_call':
    case 'tool_use':
      return { unified: 'tool-calls', raw };
    default:
      return { unified: 'other', raw };
  }
}

export function usageOf(wire: WireUsage): LanguageModelV3Usage {
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);
  const input = num(wire.prompt_tokens);
  const cached = num(wire.prompt_tokens_details?.cached_tokens) ?? num(wire.prompt_cache_hit_tokens);
  const output = num(wire.completion_tokens);
  const reasoning = num(wire.completion_tokens_details?.reasoning_tokens);
  return {
    inputTokens: {
      total: input,
      noCache: input !== undefined && cached !== undefined ? input - cached : input,
      cacheRead: cached,
      cacheWrite: undefined,
    },
    outputTokens: {
      total: output,
      text: output !== undefined && reasoning !== undefined ? output - reasoning : output,
      reasoning,
    },
  };
}

export const NO_USAGE: LanguageModelV3Usage = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

/** The text of a stream error object (`{error:{message}}`, `{error:"…"}`, vLLM's `{object:"error",message}`). */
export function streamError(chunk: Chunk): string | undefined {
  if (chunk.error != null) {
    if (typeof chunk.error === 'string') return chunk.error || 'The model reported an error.';
    const message = chunk.error.message;
    return typeof message === 'string' && message ? message : 'The model reported an error.';
  }
  if (chunk.object === 'error')
    return typeof chunk.message === 'string' ? chunk.message : 'The model reported an error.';
  return undefined;
}
