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
