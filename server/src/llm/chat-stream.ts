import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3FinishReason,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3ToolResultOutput,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { APICallError } from 'ai';
import { createParser } from 'eventsource-parser';
import { Agent, request, errors as undiciErrors } from 'undici';

/**
 * The lean Chat Completions model (LLM_BASE_URL and OPENAI_API_KEY): a `LanguageModelV3` whose
 * `doStream` builds the request itself (messages, tools, tool_choice,
 * `stream_options.include_usage`) and reads the answer straight off the socket —
 * `eventsource-parser` for the SSE framing (CR, LF or CRLF line endings, comments such as
 * `: keep-alive`, a last event without its blank line), one `JSON.parse` per event — handing the
 * AI SDK's `streamText` a plain `ReadableStream` of stream parts (`text-*`, `reasoning-*`,
 * `tool-call`, `finish` with usage, `error`), without the SDK provider's per-chunk schema
 * validation and web-stream transforms (docs/PERFORMANCE.md). It reads what the SDK's providers
 * do not: Groq's `x_groq.usage`, Moonshot's usage inside the choice, `arguments` sent as an
 * object, parallel calls all at `index: 0` told apart by id, calls without `index` (Gemini),
 * `finish_reason: ""` (not a finish), lone CR line endings, a call without a name (handed over
 * with an empty `toolName`; `streamText` fails it and the model is told why). Only public APIs:
 * `doGenerate` (e.g. naming chats) is the SDK provider's own model.
 *
 * Errors: an HTTP error status is an `APICallError` (retryable for 408, 409, 429 and 5xx, with the
 * server's own message), a connection failure a retryable `APICallError`; an error object in the
 * stream, a cut connection or a stream that ends without a finish reason is an `error` part.
 */

/** What the model is told when it called a tool without naming it (the call is not run). */
export const NAMELESS_TOOL_ERROR = 'The model called a tool without giving its name, so the call was not run.';
/** The name a nameless call is sent back under (servers reject an empty function name). */
const NAMELESS_TOOL = 'unnamed_tool';

export interface CompatibleServer {
  /** The server's base URL (…/v1). */
  baseURL: string;
  apiKey?: string;
}

/** One keep-alive connection pool for the model servers (no per-request connection setup). */
const agent = new Agent({ keepAliveTimeout: 30_000, connect: { timeout: 10_000 } });

/**
 * The lean model over `server`: `doStream` is ours, `doGenerate` and the metadata are `generator`'s
 * (the SDK provider's chat model for the same server).
 */
export function chatCompletionsModel(generator: LanguageModelV3, server: CompatibleServer): LanguageModelV3 {
  const url = `${server.baseURL.replace(/\/+$/, '')}/chat/completions`;
  return {
    specificationVersion: 'v3',
    provider: generator.provider,
    modelId: generator.modelId,
    get supportedUrls() {
      return generator.supportedUrls;
    },
    doGenerate: (options) => generator.doGenerate(options),
    doStream: (options) => openStream(url, server.apiKey, generator.modelId, options),
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
                name: part.toolName || NAMELESS_TOOL,
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
          const content = part.toolName === '' ? NAMELESS_TOOL_ERROR : toolOutputText(part.output);
          out.push({ role: 'tool', tool_call_id: part.toolCallId, content });
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

async function openStream(
  url: string,
  apiKey: string | undefined,
  modelId: string,
  options: LanguageModelV3CallOptions,
): Promise<LanguageModelV3StreamResult> {
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
  return { stream: readParts(response.body), request: { body } };
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
 * Reads the response body (SSE) into stream parts: `text-delta`s and `reasoning-delta`s as they
 * come (each run opened and closed with its `-start` / `-end` part, as `streamText` wants),
 * `tool-call`s once the step's calls are complete (at the finish reason), and one `finish` with the
 * finish reason and usage at the end. Tool call pieces are told apart by `id` when the server sends
 * one (Ollama and LiteLLM send every parallel call with `index: 0`), else by `index`, else they
 * continue the call before; `arguments` sent as an object are taken as its JSON. A call without a
 * name is handed over with an empty `toolName`. `finish_reason: ""` (SGLang, older Ollama) is not
 * a finish.
 */
class PartReader {
  /** Parts read and not yet handed over. */
  queue: LanguageModelV3StreamPart[] = [];
  /** `[DONE]`, or an error: nothing after it is read. */
  done = false;
  failed = false;
  private readonly calls: Array<{ id: string; name: string; args: string }> = [];
  private readonly byId = new Map<string, { id: string; name: string; args: string }>();
  private readonly byIndex = new Map<number, { id: string; name: string; args: string }>();
  private generated = 0;
  private finishRaw: string | undefined;
  private usage: LanguageModelV3Usage | undefined;
  private open: 'text' | 'reasoning' | undefined;
  private readonly decoder = new TextDecoder('utf-8');
  private readonly parser = createParser({ onEvent: (event) => this.handle(event.data) });

  /** A piece of the body (bytes split anywhere, even inside a character). */
  feed(chunk: Buffer | string): void {
    if (this.done || this.failed) return;
    this.parser.feed(typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true }));
  }

  /** The body ended: the last event (even without its blank line), the calls, the finish. */
  end(): void {
    if (!this.done && !this.failed) this.parser.feed(`${this.decoder.decode()}\n\n`);
    if (this.failed) return;
    if (this.finishRaw === undefined) {
      if (this.calls.length === 0) {
        this.fail('Response stream ended without a finish reason.');
        return;
      }
      // Some gateways end the stream after the calls without a finish reason.
      this.finishRaw = 'tool_calls';
      this.flushCalls();
    }
    this.close();
    this.queue.push({ type: 'finish', finishReason: finishReasonOf(this.finishRaw), usage: this.usage ?? NO_USAGE });
  }

  /** The stream failed (an error object, a cut connection): an `error` part, nothing after it. */
  fail(error: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.queue.push({ type: 'error', error: typeof error === 'string' ? new Error(error) : error });
  }

  private delta(kind: 'text' | 'reasoning', delta: string): void {
    const id = kind === 'text' ? 'txt-0' : 'reasoning-0';
    // Deltas read in one network read go on as one part: under load the socket holds several,
    // and each part costs its trip through streamText's streams.
    const last = this.queue[this.queue.length - 1];
    if (this.open === kind && last && (last.type === 'text-delta' || last.type === 'reasoning-delta')) {
      last.delta += delta;
      return;
    }
    if (this.open !== kind) {
      this.close();
      this.open = kind;
      this.queue.push(kind === 'text' ? { type: 'text-start', id } : { type: 'reasoning-start', id });
    }
    this.queue.push(kind === 'text' ? { type: 'text-delta', id, delta } : { type: 'reasoning-delta', id, delta });
  }

  private close(): void {
    if (this.open === 'text') this.queue.push({ type: 'text-end', id: 'txt-0' });
    else if (this.open === 'reasoning') this.queue.push({ type: 'reasoning-end', id: 'reasoning-0' });
    this.open = undefined;
  }

  private flushCalls(): void {
    if (this.calls.length) this.close();
    for (const call of this.calls)
      this.queue.push({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.args });
    this.calls.length = 0;
    this.byId.clear();
    this.byIndex.clear();
  }

  private toolDelta(d: ToolCallDelta): void {
    const id = typeof d.id === 'string' && d.id !== '' ? d.id : undefined;
    const index = typeof d.index === 'number' ? d.index : undefined;
    let call = id !== undefined ? this.byId.get(id) : index !== undefined ? this.byIndex.get(index) : this.calls.at(-1);
    if (!call || (id === undefined && index === undefined && d.function?.name)) {
      // A new call: a new id, a new index, or (no id, no index) a piece that names its tool.
      call = { id: id ?? `call-${++this.generated}`, name: '', args: '' };
      this.calls.push(call);
      if (id !== undefined) this.byId.set(id, call);
    }
    if (index !== undefined) this.byIndex.set(index, call);
    const fn = d.function;
    if (fn?.name) call.name = fn.name;
    const args = fn?.arguments;
    if (typeof args === 'string') call.args += args;
    else if (args != null && typeof args === 'object') call.args = JSON.stringify(args);
  }

  private handle(data: string): void {
    if (this.done || this.failed) return;
    if (data === '[DONE]') {
      this.done = true;
      return;
    }
    let chunk: Chunk;
    try {
      chunk = JSON.parse(data) as Chunk;
    } catch {
      this.fail(`The model sent a part that is not JSON: ${data.slice(0, 200)}`);
      return;
    }
    if (chunk === null || typeof chunk !== 'object') return;
    const error = streamError(chunk);
    if (error !== undefined) {
      this.fail(error);
      return;
    }
    const wireUsage = chunk.usage ?? chunk.x_groq?.usage;
    if (wireUsage && typeof wireUsage === 'object') this.usage = usageOf(wireUsage);
    for (const choice of chunk.choices ?? []) {
      if (!choice || (choice.index !== undefined && choice.index !== 0)) continue;
      if (choice.usage && typeof choice.usage === 'object') this.usage = usageOf(choice.usage);
      const delta = choice.delta;
      if (delta && this.finishRaw === undefined) {
        const reasoning = delta.reasoning_content ?? delta.reasoning;
        if (typeof reasoning === 'string' && reasoning !== '') this.delta('reasoning', reasoning);
        const content = delta.content;
        if (typeof content === 'string') {
          if (content !== '') this.delta('text', content);
        } else if (Array.isArray(content)) {
          for (const part of content) {
            if (part?.type === 'text' && typeof part.text === 'string' && part.text !== '')
              this.delta('text', part.text);
            else if (part?.type === 'thinking') {
              // Mistral's magistral: `thinking` is a list of text parts (or a string).
              const pieces = Array.isArray(part.thinking) ? (part.thinking as ContentPart[]) : [part];
              for (const piece of pieces) {
                const text = typeof piece.text === 'string' ? piece.text : piece.thinking;
                if (typeof text === 'string' && text !== '') this.delta('reasoning', text);
              }
            }
          }
        }
        if (Array.isArray(delta.tool_calls)) for (const d of delta.tool_calls) if (d) this.toolDelta(d);
      }
      // `""` is not a finish (SGLang and older Ollama send it on every chunk).
      if (typeof choice.finish_reason === 'string' && choice.finish_reason !== '' && this.finishRaw === undefined) {
        this.finishRaw = choice.finish_reason;
        this.flushCalls();
      }
    }
  }
}

/**
 * The body (SSE) as the stream `doStream` returns: each network read is parsed and its parts enqueued
 * at once (no promise per part). The body is read to its end, past `[DONE]`, so the pooled
 * connection can be reused; cancelling the stream (a stop, an error part read) destroys it.
 */
export function readParts(
  body: AsyncIterable<Buffer | string> & { destroy?(): void },
): ReadableStream<LanguageModelV3StreamPart> {
  const reader = new PartReader();
  const chunks = body[Symbol.asyncIterator]();
  let ended = false;
  return new ReadableStream<LanguageModelV3StreamPart>(
    {
      start(controller) {
        controller.enqueue({ type: 'stream-start', warnings: [] });
      },
      async pull(controller) {
        while (!ended) {
          let next: IteratorResult<Buffer | string>;
          try {
            next = await chunks.next();
          } catch (error) {
            // A cut connection (or the call aborted: streamText then reads its own abort).
            reader.fail(error);
            next = { done: true, value: undefined };
          }
          if (next.done) {
            ended = true;
            if (!reader.failed) reader.end();
          } else reader.feed(next.value);
          if (reader.failed && !ended) {
            ended = true;
            body.destroy?.();
          }
          if (reader.queue.length) {
            for (const part of reader.queue) controller.enqueue(part);
            reader.queue.length = 0;
            if (!ended) return;
          }
        }
        controller.close();
      },
      cancel() {
        ended = true;
        body.destroy?.();
      },
    },
    { highWaterMark: 0 },
  );
}
