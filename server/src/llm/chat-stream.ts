import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { APICallError } from 'ai';
import { Agent, request, errors as undiciErrors } from 'undici';
import { readParts } from './wire-parts.js';
import { requestBody } from './wire-request.js';

/**
 * The reply engine's lean path to an OpenAI-compatible server (LLM_BASE_URL). It builds the Chat
 * Completions request itself (messages, tools, tool_choice, `stream_options.include_usage`) and
 * reads the answer straight off the socket: `eventsource-parser` for the SSE framing (CR, LF or
 * CRLF line endings, comments such as `: keep-alive`, a last event without its blank line), one
 * `JSON.parse` per event, and the parts the step loop needs (`text-delta`, `reasoning-delta`,
 * `tool-call`, `finish` with usage, `error`) handed over without the provider's web-stream pipeline
 * and per-chunk schema validation (docs/PERFORMANCE.md). Only public APIs: the provider's own
 * model (its `doGenerate` / `doStream`) is kept for everything else, e.g. naming chats.
 *
 * Errors: an HTTP error status is an `APICallError` (retryable for 408, 409, 429 and 5xx, with the
 * server's own message), a connection failure a retryable `APICallError`; an error object in the
 * stream or a stream that ends without a finish reason fails the step.
 *
 * The request is built in wire-request.ts, the response read in wire-parts.ts (chunk shapes in
 * wire-chunks.ts).
 */
export interface PartStreamModel extends LanguageModelV3 {
  /** Sends the call; resolves once the response headers are in (HTTP errors reject here). */
  openParts(options: LanguageModelV3CallOptions): Promise<AsyncIterable<LanguageModelV3StreamPart>>;
}

export function hasPartStream(model: unknown): model is PartStreamModel {
  return typeof (model as Partial<PartStreamModel> | null)?.openParts === 'function';
}

export interface CompatibleServer {
  /** The server's base URL (…/v1). */
  baseURL: string;
  apiKey?: string;
}

/** One keep-alive connection pool for the model server (no per-request connection setup). */
const agent = new Agent({ keepAliveTimeout: 30_000, connect: { timeout: 10_000 } });

/**
 * Wraps the provider's chat model: generate, the standard `doStream` and the metadata are the
 * provider's (public `LanguageModelV3` members); `openParts` is the lean streaming path.
 */
export function withPartStream(model: LanguageModelV3, server: CompatibleServer): PartStreamModel {
  const url = `${server.baseURL.replace(/\/+$/, '')}/chat/completions`;
  return {
    specificationVersion: 'v3',
    get provider() {
      return model.provider;
    },
    get modelId() {
      return model.modelId;
    },
    get supportedUrls() {
      return model.supportedUrls;
    },
    doGenerate: (options) => model.doGenerate(options),
    doStream: (options) => model.doStream(options),
    openParts: (options) => openParts(url, server.apiKey, model.modelId, options),
  };
}

/** The server's own words for an HTTP error (`{error:{message}}`, `{message}`, `{detail}` or the text). */
function errorMessageOf(status: number, text: string): string {
  try {
    const parsed = JSON.parse(text) as {
      error?: { message?: unknown } | string;
      message?: unknown;
      detail?: unknown;
    };
    const error = parsed.error;
    if (typeof error === 'string' && error) return error;
    if (error && typeof error === 'object' && typeof error.message === 'string') return error.message;
    if (typeof parsed.message === 'string') return parsed.message;
    if (typeof parsed.detail === 'string') return parsed.detail;
  } catch {
    // not JSON: the text itself
  }
  return text.trim().slice(0, 500) || `HTTP ${status}`;
}

async function openParts(
  url: string,
  apiKey: string | undefined,
  modelId: string,
  options: LanguageModelV3CallOptions,
): Promise<AsyncIterable<LanguageModelV3StreamPart>> {
  const body = requestBody(modelId, options);
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  for (const [name, value] of Object.entries(options.headers ?? {}))
    if (value !== undefined) headers[name.toLowerCase()] = value;
  let response: Awaited<ReturnType<typeof request>>;
  try {
    response = await request(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: options.abortSignal,
      dispatcher: agent,
    });
  } catch (error) {
    if (options.abortSignal?.aborted || error instanceof undiciErrors.RequestAbortedError) throw error;
    throw new APICallError({
      message: `Cannot connect to API: ${error instanceof Error ? error.message : String(error)}`,
      url,
      requestBodyValues: body,
      cause: error,
      isRetryable: true,
    });
  }
  const status = response.statusCode;
  if (status >= 400 || status < 200) {
    const text = await response.body.text();
    const responseHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (typeof value === 'string') responseHeaders[name] = value;
      else if (Array.isArray(value)) responseHeaders[name] = value.join(', ');
    }
    throw new APICallError({
      message: errorMessageOf(status, text),
      url,
      requestBodyValues: body,
      statusCode: status,
      responseHeaders,
      responseBody: text,
      isRetryable: status === 408 || status === 409 || status === 429 || status >= 500,
    });
  }
  return readParts(response.body);
}
