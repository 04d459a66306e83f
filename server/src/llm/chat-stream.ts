import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3FinishReason,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3ToolResultOutput,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { APICallError } from 'ai';
import { createParser } from 'eventsource-parser';
import { Agent, request, errors as undiciErrors } from 'undici';

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

// ---------------------------------------------------------------------------------------------
// The request
// ---------------------------------------------------------------------------------------------

type WireMessage = Record<string, unknown>;

const base64 = (data: Uint8Array | string): string =>
  typeof data === 'string' ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');

function toolOutputText(output: LanguageModelV3ToolResultOutput): string {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value;
    case 'json':
    case 'error-json':
      return JSON.stringify(output.value);
    case 'execution-denied':
      return output.reason ?? 'The tool call was not allowed.';
    case 'content':
      return output.value.map((part) => (part.type === 'text' ? part.text : '')).join('');
    default:
      return '';
  }
}

/** The provider prompt as Chat Completions messages (text, images as data URLs, tool calls and results). */
export function toWireMessages(prompt: LanguageModelV3Prompt): WireMessage[] {
  const out: WireMessage[] = [];
  for (const message of prompt) {
    switch (message.role) {
      case 'system':
        out.push({ role: 'system', content: message.content });
        break;
      case 'user': {
        const onlyText = message.content.every((p) => p.type === 'text');
        if (onlyText) {
          out.push({ role: 'user', content: message.content.map((p) => (p.type === 'text' ? p.text : '')).join('') });
          break;
        }
        const content: unknown[] = [];
        for (const part of message.content) {
          if (part.type === 'text') content.push({ type: 'text', text: part.text });
          else if (part.mediaType.startsWith('image/')) {
            const url =
              part.data instanceof URL ? part.data.toString() : `data:${part.mediaType};base64,${base64(part.data)}`;
            content.push({ type: 'image_url', image_url: { url } });
          }
        }
        out.push({ role: 'user', content });
        break;
      }
      case 'assistant': {
        let text = '';
        const calls: unknown[] = [];
        for (const part of message.content) {
          if (part.type === 'text') text += part.text;
          else if (part.type === 'tool-call')
            calls.push({
              id: part.toolCallId,
              type: 'function',
              function: {
                name: part.toolName,
                arguments: typeof part.input === 'string' ? part.input : JSON.stringify(part.input ?? {}),
              },
            });
          // Reasoning is never sent back to the model as the answer.
        }
        out.push({ role: 'assistant', content: text, ...(calls.length ? { tool_calls: calls } : {}) });
        break;
      }
      case 'tool':
        for (const part of message.content) {
          if (part.type !== 'tool-result') continue;
          out.push({ role: 'tool', tool_call_id: part.toolCallId, content: toolOutputText(part.output) });
        }
        break;
    }
  }
  return out;
}

/** The whole request body of one streamed call. */
export function requestBody(modelId: string, options: LanguageModelV3CallOptions): Record<string, unknown> {
  const body: Record<string, unknown> = { model: modelId, messages: toWireMessages(options.prompt) };
  if (options.maxOutputTokens !== undefined) body.max_tokens = options.maxOutputTokens;
  if (options.temperature !== undefined) body.temperature = options.temperature;
  if (options.topP !== undefined) body.top_p = options.topP;
  if (options.stopSequences?.length) body.stop = options.stopSequences;
  if (options.seed !== undefined) body.seed = options.seed;
  const tools = (options.tools ?? []).flatMap((tool) =>
    tool.type === 'function'
      ? [
          {
            type: 'function',
            function: {
              name: tool.name,
              ...(tool.description ? { description: tool.description } : {}),
              parameters: tool.inputSchema,
              ...(tool.strict != null ? { strict: tool.strict } : {}),
            },
          },
        ]
      : [],
  );
  if (tools.length) {
    body.tools = tools;
    const choice = options.toolChoice;
    if (choice)
      body.tool_choice =
        choice.type === 'tool' ? { type: 'function', function: { name: choice.toolName } } : choice.type;
  }
  body.stream = true;
  body.stream_options = { include_usage: true };
  return body;
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

// ---------------------------------------------------------------------------------------------
// The response
// ---------------------------------------------------------------------------------------------

type ToolCallDelta = {
  index?: number | null;
  id?: string | null;
  function?: { name?: string | null; arguments?: unknown } | null;
};
type ContentPart = { type?: string; text?: unknown; thinking?: unknown };
type WireUsage = {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number } | null;
  completion_tokens_details?: { reasoning_tokens?: number } | null;
  /** DeepSeek's cache hit count. */
  prompt_cache_hit_tokens?: number;
};
type Chunk = {
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
function finishReasonOf(raw: string | undefined): LanguageModelV3FinishReason {
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

function usageOf(wire: WireUsage): LanguageModelV3Usage {
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

const NO_USAGE: LanguageModelV3Usage = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

/** The text of a stream error object (`{error:{message}}`, `{error:"…"}`, vLLM's `{object:"error",message}`). */
function streamError(chunk: Chunk): string | undefined {
  if (chunk.error != null) {
    if (typeof chunk.error === 'string') return chunk.error || 'The model reported an error.';
    const message = chunk.error.message;
    return typeof message === 'string' && message ? message : 'The model reported an error.';
  }
  if (chunk.object === 'error')
    return typeof chunk.message === 'string' ? chunk.message : 'The model reported an error.';
  return undefined;
}

/**
 * The response body (SSE) as stream parts: `text-delta`s and `reasoning-delta`s as they come,
 * `tool-call`s once the step's calls are complete (at the finish reason), and one `finish` with the
 * finish reason and usage at the end. Tool call pieces are told apart by `id` when the server sends
 * one (Ollama and LiteLLM send every parallel call with `index: 0`), else by `index`, else they
 * continue the call before; `arguments` sent as an object are taken as its JSON. A call without a
 * name is handed over with an empty `toolName` (the step loop fails that call with a clear error).
 * `finish_reason: ""` (SGLang, older Ollama) is not a finish.
 */
export async function* readParts(body: AsyncIterable<Buffer | string>): AsyncGenerator<LanguageModelV3StreamPart> {
  type Call = { id: string; name: string; args: string };
  const calls: Call[] = [];
  const byId = new Map<string, Call>();
  const byIndex = new Map<number, Call>();
  let generated = 0;
  let finishRaw: string | undefined;
  let usage: LanguageModelV3Usage | undefined;
  let done = false;
  let failed = false;
  const queue: LanguageModelV3StreamPart[] = [];

  const flushCalls = () => {
    for (const call of calls) {
      queue.push({
        type: 'tool-call',
        toolCallId: call.id,
        toolName: call.name,
        input: call.args,
      });
    }
    calls.length = 0;
    byId.clear();
    byIndex.clear();
  };

  const toolDelta = (d: ToolCallDelta) => {
    const id = typeof d.id === 'string' && d.id !== '' ? d.id : undefined;
    const index = typeof d.index === 'number' ? d.index : undefined;
    let call = id !== undefined ? byId.get(id) : index !== undefined ? byIndex.get(index) : calls.at(-1);
    if (!call || (id === undefined && index === undefined && d.function?.name)) {
      // A new call: a new id, a new index, or (no id, no index) a piece that names its tool.
      call = { id: id ?? `call-${++generated}`, name: '', args: '' };
      calls.push(call);
      if (id !== undefined) byId.set(id, call);
    }
    if (index !== undefined) byIndex.set(index, call);
    const fn = d.function;
    if (fn?.name) call.name = fn.name;
    const args = fn?.arguments;
    if (typeof args === 'string') call.args += args;
    else if (args != null && typeof args === 'object') call.args = JSON.stringify(args);
  };

  const handle = (data: string) => {
    if (done || failed) return;
    if (data === '[DONE]') {
      done = true;
      return;
    }
    let chunk: Chunk;
    try {
      chunk = JSON.parse(data) as Chunk;
    } catch {
      throw new Error(`The model sent a part that is not JSON: ${data.slice(0, 200)}`);
    }
    if (chunk === null || typeof chunk !== 'object') return;
    const error = streamError(chunk);
    if (error !== undefined) {
      failed = true;
      queue.push({ type: 'error', error: new Error(error) });
      return;
    }
    const wireUsage = chunk.usage ?? chunk.x_groq?.usage;
    if (wireUsage && typeof wireUsage === 'object') usage = usageOf(wireUsage);
    for (const choice of chunk.choices ?? []) {
      if (!choice || (choice.index !== undefined && choice.index !== 0)) continue;
      if (choice.usage && typeof choice.usage === 'object') usage = usageOf(choice.usage);
      const delta = choice.delta;
      if (delta && finishRaw === undefined) {
        const reasoning = delta.reasoning_content ?? delta.reasoning;
        if (typeof reasoning === 'string' && reasoning !== '')
          queue.push({ type: 'reasoning-delta', id: 'reasoning-0', delta: reasoning });
        const content = delta.content;
        if (typeof content === 'string') {
          if (content !== '') queue.push({ type: 'text-delta', id: 'txt-0', delta: content });
        } else if (Array.isArray(content)) {
          for (const part of content) {
            if (part?.type === 'text' && typeof part.text === 'string' && part.text !== '')
              queue.push({ type: 'text-delta', id: 'txt-0', delta: part.text });
            else if (part?.type === 'thinking') {
              // Mistral's magistral: `thinking` is a list of text parts (or a string).
              const pieces = Array.isArray(part.thinking) ? (part.thinking as ContentPart[]) : [part];
              for (const piece of pieces) {
                const text = typeof piece.text === 'string' ? piece.text : piece.thinking;
                if (typeof text === 'string' && text !== '')
                  queue.push({ type: 'reasoning-delta', id: 'reasoning-0', delta: text });
              }
            }
          }
        }
        if (Array.isArray(delta.tool_calls)) for (const d of delta.tool_calls) if (d) toolDelta(d);
      }
      // `""` is not a finish (SGLang and older Ollama send it on every chunk).
      if (typeof choice.finish_reason === 'string' && choice.finish_reason !== '' && finishRaw === undefined) {
        finishRaw = choice.finish_reason;
        flushCalls();
      }
    }
  };

  const parser = createParser({ onEvent: (event) => handle(event.data) });
  const decoder = new TextDecoder('utf-8');
  // Read to the end (after [DONE] too): a body left unread would cost the pooled connection.
  for await (const chunk of body) {
    if (done || failed) continue;
    parser.feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    if (queue.length) {
      yield* queue;
      queue.length = 0;
    }
    if (failed) return;
  }
  if (!done && !failed) {
    // A last event without its closing blank line still counts.
    parser.feed(`${decoder.decode()}\n\n`);
  }
  if (queue.length) {
    yield* queue;
    queue.length = 0;
  }
  if (failed) return;
  if (finishRaw === undefined) {
    if (calls.length > 0) {
      // Some gateways end the stream after the calls without a finish reason.
      finishRaw = 'tool_calls';
      flushCalls();
      yield* queue;
    } else {
      yield { type: 'error', error: new Error('Response stream ended without a finish reason.') };
      return;
    }
  }
  yield { type: 'finish', finishReason: finishReasonOf(finishRaw), usage: usage ?? NO_USAGE };
}
