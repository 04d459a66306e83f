import { randomUUID } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { APICallError } from 'ai';
import { Agent, request, errors as undiciErrors } from 'undici';

/**
 * The reply engine's lean path to an OpenAI-compatible server (LLM_BASE_URL): the request is the
 * one the AI SDK's provider builds (its own `getArgs`, so prompts, images and tools are sent
 * exactly as before), but the answer is read straight off the socket: one SSE parser, one
 * `JSON.parse` per event, and the parts the step loop needs (`text-delta`, `tool-call`, `error`)
 * handed over without the provider's web-stream pipeline and per-chunk schema validation, which
 * cost more CPU per token than everything else in the relay (docs/PERFORMANCE.md).
 *
 * Errors keep the provider's meaning: an HTTP error status is turned into the same
 * `APICallError` by the provider's own error handler (so retries of 408/409/429/5xx are as before),
 * a connection failure is a retryable `APICallError`, a stream that ends without a finish reason or
 * carries an `error` object fails the step.
 */
export interface PartStreamModel extends LanguageModelV3 {
  /** Sends the call; resolves once the response headers are in (HTTP errors reject here). */
  openParts(options: LanguageModelV3CallOptions): Promise<AsyncIterable<LanguageModelV3StreamPart>>;
}

export function hasPartStream(model: unknown): model is PartStreamModel {
  return typeof (model as Partial<PartStreamModel> | null)?.openParts === 'function';
}

/** What this module uses of `@ai-sdk/openai-compatible`'s chat model (pinned version; checked by tests). */
interface CompatibleChatInternals {
  getArgs(options: LanguageModelV3CallOptions): Promise<{ args: Record<string, unknown> }>;
  transformRequestBody(args: Record<string, unknown>): Record<string, unknown>;
  failedResponseHandler(input: {
    response: Response;
    url: string;
    requestBodyValues: unknown;
  }): Promise<{ value: Error }>;
  config: {
    url(input: { path: string; modelId: string }): string;
    headers(): Record<string, string | undefined>;
    includeUsage?: boolean;
  };
}

/** One keep-alive connection pool for the model server (no per-request connection setup). */
const agent = new Agent({ keepAliveTimeout: 30_000, connect: { timeout: 10_000 } });

/**
 * Wraps the provider's chat model: everything (generate, the standard `doStream`, metadata) is
 * the provider's; `openParts` is the lean streaming path.
 */
export function withPartStream(model: LanguageModelV3): PartStreamModel {
  const internals = model as unknown as CompatibleChatInternals;
  if (typeof internals.getArgs !== 'function' || typeof internals.config?.url !== 'function') return model as never;
  const wrapped: PartStreamModel = {
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
    openParts: (options) => openParts(internals, model.modelId, options),
  };
  return wrapped;
}

async function openParts(
  internals: CompatibleChatInternals,
  modelId: string,
  options: LanguageModelV3CallOptions,
): Promise<AsyncIterable<LanguageModelV3StreamPart>> {
  const { args } = await internals.getArgs({ ...options });
  const body = internals.transformRequestBody({
    ...args,
    stream: true,
    stream_options: internals.config.includeUsage ? { include_usage: true } : undefined,
  });
  const url = internals.config.url({ path: '/chat/completions', modelId });
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  for (const [name, value] of Object.entries(internals.config.headers()))
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
  if (response.statusCode >= 400 || response.statusCode < 200) {
    const text = await response.body.text();
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (typeof value === 'string') responseHeaders.set(name, value);
      else if (Array.isArray(value)) for (const v of value) responseHeaders.append(name, v);
    }
    const { value } = await internals.failedResponseHandler({
      response: new Response(text, { status: response.statusCode, headers: responseHeaders }),
      url,
      requestBodyValues: body,
    });
    throw value;
  }
  return readParts(response.body);
}

type ToolCallDelta = {
  index?: number;
  id?: string | null;
  function?: { name?: string | null; arguments?: string | null };
};
type Chunk = {
  error?: { message?: string } | string;
  choices?: Array<{
    finish_reason?: string | null;
    delta?: {
      content?: string | Array<{ type?: string; text?: unknown }> | null;
      tool_calls?: ToolCallDelta[] | null;
    } | null;
  }>;
};

/** The response body (SSE) as stream parts: `text-delta`s as they come, `tool-call`s once the step's calls are complete. */
export async function* readParts(body: AsyncIterable<Buffer | string>): AsyncGenerator<LanguageModelV3StreamPart> {
  const decoder = new StringDecoder('utf8');
  const calls = new Map<number, { id: string; name: string; args: string }>();
  let pending = '';
  let data: string[] = [];
  let finished = false;
  let done = false;

  const toolCalls = function* (): Generator<LanguageModelV3StreamPart> {
    const ordered = [...calls.entries()].sort((a, b) => a[0] - b[0]);
    calls.clear();
    for (const [, call] of ordered) {
      if (!call.name) continue;
      yield { type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.args };
    }
  };

  /** One SSE event's data: a chunk of the completion, or `[DONE]`. */
  const handle = function* (event: string): Generator<LanguageModelV3StreamPart> {
    if (event === '[DONE]') {
      done = true;
      return;
    }
    let chunk: Chunk;
    try {
      chunk = JSON.parse(event) as Chunk;
    } catch {
      throw new Error(`The model sent a part that is not JSON: ${event.slice(0, 200)}`);
    }
    if (chunk.error !== undefined) {
      const message = typeof chunk.error === 'string' ? chunk.error : (chunk.error?.message ?? 'model error');
      yield { type: 'error', error: new Error(message) };
      return;
    }
    const choice = chunk.choices?.[0];
    if (!choice) return;
    if (choice.finish_reason != null) finished = true;
    const delta = choice.delta;
    if (delta) {
      const content = delta.content;
      if (typeof content === 'string') {
        if (content !== '') yield { type: 'text-delta', id: 'txt-0', delta: content };
      } else if (Array.isArray(content)) {
        for (const part of content)
          if (part.type === 'text' && typeof part.text === 'string' && part.text !== '')
            yield { type: 'text-delta', id: 'txt-0', delta: part.text };
      }
      if (delta.tool_calls) {
        for (const d of delta.tool_calls) {
          const index = d.index ?? calls.size;
          let call = calls.get(index);
          if (!call) {
            call = { id: d.id ?? randomUUID(), name: '', args: '' };
            calls.set(index, call);
          }
          if (d.function?.name) call.name = d.function.name;
          if (d.function?.arguments) call.args += d.function.arguments;
        }
      }
    }
    if (choice.finish_reason != null) yield* toolCalls();
  };

  /** Splits complete lines off `pending`; a blank line ends an event (data lines joined with \n). */
  const lines = function* (): Generator<LanguageModelV3StreamPart> {
    let start = 0;
    for (;;) {
      const end = pending.indexOf('\n', start);
      if (end === -1) break;
      let line = pending.slice(start, end);
      start = end + 1;
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (line === '') {
        if (data.length > 0) {
          const event = data.length === 1 ? (data[0] as string) : data.join('\n');
          data = [];
          yield* handle(event);
        }
      } else if (line.startsWith('data:')) {
        data.push(line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5));
      }
      // Other fields (event:, id:, retry:) and comments (": keep-alive") carry nothing for us.
    }
    pending = start === 0 ? pending : pending.slice(start);
  };

  // Read to the end (after [DONE] too): a body left unread would cost the pooled connection.
  for await (const chunk of body) {
    if (done) continue;
    pending += typeof chunk === 'string' ? chunk : decoder.write(chunk);
    yield* lines();
  }
  if (!done) {
    pending += `${decoder.end()}\n\n`;
    yield* lines();
  }
  yield* toolCalls();
  if (!finished) yield { type: 'error', error: new Error('Response stream ended without a finish reason.') };
}
