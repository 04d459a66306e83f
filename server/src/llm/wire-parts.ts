import type { LanguageModelV3StreamPart, LanguageModelV3Usage } from '@ai-sdk/provider';
import { createParser } from 'eventsource-parser';
import {
  type Chunk,
  type ContentPart,
  finishReasonOf,
  NO_USAGE,
  streamError,
  type ToolCallDelta,
  usageOf,
} from './wire-chunks.js';

type Call = { id: string; name: string; args: string };

/**
 * The tool calls of one step as their pieces come in. Pieces are told apart by `id` when the server
 * sends one (Ollama and LiteLLM send every parallel call with `index: 0`), else by `index`, else they
 * continue the call before; `arguments` sent as an object are taken as its JSON.
 */
class ToolCalls {
  private readonly calls: Call[] = [];
  private readonly byId = new Map<string, Call>();
  private readonly byIndex = new Map<number, Call>();
  private generated = 0;

  get size(): number {
    return this.calls.length;
  }

  add(d: ToolCallDelta): void {
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

  /** Hands the complete calls over as `tool-call` parts and starts afresh. */
  flush(queue: LanguageModelV3StreamPart[]): void {
    for (const call of this.calls) {
      queue.push({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.args });
    }
    this.calls.length = 0;
    this.byId.clear();
    this.byIndex.clear();
  }
}

type Delta = NonNullable<NonNullable<Chunk['choices']>[number]['delta']>;

/** The text and reasoning of one delta, as parts. */
function deltaParts(delta: Delta, queue: LanguageModelV3StreamPart[]): void {
  const reasoning = delta.reasoning_content ?? delta.reasoning;
  if (typeof reasoning === 'string' && reasoning !== '')
    queue.push({ type: 'reasoning-delta', id: 'reasoning-0', delta: reasoning });
  const content = delta.content;
  if (typeof content === 'string') {
    if (content !== '') queue.push({ type: 'text-delta', id: 'txt-0', delta: content });
    return;
  }
  if (!Array.isArray(content)) return;
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
  const calls = new ToolCalls();
  let finishRaw: string | undefined;
  let usage: LanguageModelV3Usage | undefined;
  let done = false;
  let failed = false;
  const queue: LanguageModelV3StreamPart[] = [];

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
        deltaParts(delta, queue);
        if (Array.isArray(delta.tool_calls)) for (const d of delta.tool_calls) if (d) calls.add(d);
      }
      // `""` is not a finish (SGLang and older Ollama send it on every chunk).
      if (typeof choice.finish_reason === 'string' && choice.finish_reason !== '' && finishRaw === undefined) {
        finishRaw = choice.finish_reason;
        calls.flush(queue);
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
    if (calls.size > 0) {
      // Some gateways end the stream after the calls without a finish reason.
      finishRaw = 'tool_calls';
      calls.flush(queue);
      yield* queue;
    } else {
      yield { type: 'error', error: new Error('Response stream ended without a finish reason.') };
      return;
    }
  }
  yield { type: 'finish', finishReason: finishReasonOf(finishRaw), usage: usage ?? NO_USAGE };
}
