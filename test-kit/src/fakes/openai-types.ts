import type http from 'node:http';

/** The fake OpenAI's script, requests and controls (openai.ts). */

/** The `error` object OpenAI answers with a non-2xx status. */
export interface OpenAIErrorBody {
  message: string;
  type: string;
  param: string | null;
  code: string | null;
}

export interface FakeScript {
  /** Text pieces of the reply, one SSE chunk each. */
  chunks?: string[];
  /** Delay before the first chunk and between chunks. */
  firstDelayMs?: number;
  delayMs?: number;
  /** Answer with this HTTP status (≥ 400) and an OpenAI error body before any streaming. */
  status?: number;
  /** With `status`: the Retry-After header, in seconds (OpenAI sends it with 429). */
  retryAfter?: number;
  /** With `status`: fields of the error body that differ from OpenAI's default for the status. */
  error?: Partial<OpenAIErrorBody>;
  /** Fail after this many chunks: cut the connection, or send an error chunk. */
  failAfter?: number;
  failMode?: 'destroy' | 'error-chunk';
  /** Pause after this many chunks until `release()` is called. */
  holdAfter?: number;
  /** Tool calls sent after the text (finish_reason "tool_calls"). */
  toolCalls?: Array<{ id?: string; name: string; arguments: string }>;
  /**
   * Reasoning pieces streamed before the text, one chunk each, in `delta[reasoningField]`
   * (`reasoning_content`: DeepSeek, xAI, Qwen, vLLM; `reasoning`: Groq, OpenRouter, Ollama).
   */
  reasoning?: string[];
  reasoningField?: 'reasoning_content' | 'reasoning';
  /** Pause after the reasoning, before the first text chunk, until `release()` is called. */
  holdAfterReasoning?: boolean;
  /** The last chunk's finish_reason instead of "stop" (e.g. "length", "content_filter"). */
  finishReason?: string;
  /** The usage object of the final chunk (default: counts of the script's chunks). */
  usage?: Record<string, unknown>;
  /**
   * A recorded stream: these pieces are written to the response body as they are (SSE framing
   * included), `delayMs` apart, instead of the generated chunks. For replaying real servers' quirks.
   */
  raw?: string[];
}

export interface FakeRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  // biome-ignore lint/suspicious/noExplicitAny: the request body is whatever the SDK sent.
  body: any;
}

export interface ChunkEvent {
  request: FakeRequest;
  index: number;
  last: boolean;
  /** performance.now() right after the chunk was written. */
  at: number;
}

export interface FakeOpenAI {
  /** Base URL for LLM_BASE_URL / OPENAI_BASE_URL (ends in /v1). */
  baseUrl: string;
  requests: FakeRequest[];
  /** The script of the next requests (a function of the request, or one script for all). */
  setScript: (script: FakeScript | ((request: FakeRequest) => FakeScript)) => void;
  /** The title answered to non-streaming requests. */
  setTitle: (title: string) => void;
  /** Lets held streams continue. */
  release: () => void;
  /** Called after each text chunk is written (benchmarks). */
  onChunk?: (event: ChunkEvent) => void;
  /** Streams currently open. */
  openStreams: () => number;
  /** Streams closed before their end: a request the app aborted (or a script's cut). */
  abandoned: () => number;
  close: () => Promise<void>;
}
