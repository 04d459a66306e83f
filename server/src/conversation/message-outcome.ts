import type { FinishReason, TokenUsage } from '@neura/contract';

/** How a reply ended and what it cost in tokens (stored with it; 0008). */
export interface ReplyOutcomeFields {
  reasoning?: string;
  model?: string;
  finishReason?: FinishReason;
  usage?: TokenUsage;
  memoryTokens?: number;
  documentTokens?: number;
}

/** The outcome columns of a message row before its reply ended (a user message keeps them empty). */
export const NO_OUTCOME = {
  reasoning: null,
  model: null,
  finish_reason: null,
  input_tokens: null,
  output_tokens: null,
  reasoning_tokens: null,
  cached_input_tokens: null,
  memory_tokens: null,
  document_tokens: null,
  prompt: null,
  persona_id: null,
} as const;
