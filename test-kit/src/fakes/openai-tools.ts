import type { FakeRequest, FakeScript } from './openai-types.js';

/** Tool calls as OpenAI streams them (skills), and scripts that answer them. */

/**
 * Writes tool calls the way OpenAI's Chat Completions stream does: per call, a first delta with
 * `index`, `id`, `type: "function"` and the name with empty arguments, then the arguments JSON in
 * several fragments carrying only `index` and `function.arguments`.
 */
export function writeToolCallChunks(
  chunk: (delta: Record<string, unknown>) => void,
  calls: NonNullable<FakeScript['toolCalls']>,
): void {
  calls.forEach((call, index) => {
    chunk({
      tool_calls: [
        { index, id: call.id ?? `call_${index}`, type: 'function', function: { name: call.name, arguments: '' } },
      ],
    });
    const size = Math.max(1, Math.ceil(call.arguments.length / 3));
    for (let at = 0; at < call.arguments.length; at += size) {
      chunk({ tool_calls: [{ index, function: { arguments: call.arguments.slice(at, at + size) } }] });
    }
  });
}

/** The tool results sent back in a request for this turn (role "tool" messages after the last user message), by call id. */
export function toolResultsOf(request: FakeRequest): Map<string, string> {
  const results = new Map<string, string>();
  const messages = (request.body?.messages ?? []) as Array<{ role: string; tool_call_id?: string; content?: unknown }>;
  // This turn's results only: earlier turns' tool calls and results are in the history too (issue #24).
  const turn = messages.length - 1 - [...messages].reverse().findIndex((m) => m.role === 'user');
  for (const m of messages.slice(turn > messages.length - 1 ? 0 : turn)) {
    if (m.role === 'tool' && m.tool_call_id)
      results.set(m.tool_call_id, typeof m.content === 'string' ? m.content : JSON.stringify(m.content));
  }
  return results;
}

/**
 * A two-step script: the first request streams `before` text then the tool calls; the request that
 * carries their results streams `after` (a function of the results, to echo what the skill found).
 */
export function toolScript(options: {
  calls: NonNullable<FakeScript['toolCalls']>;
  before?: string[];
  after: string[] | ((results: Map<string, string>) => string[]);
  delayMs?: number;
}): (request: FakeRequest) => FakeScript {
  return (request) => {
    const results = toolResultsOf(request);
    if (results.size === 0) return { chunks: options.before ?? [], toolCalls: options.calls, delayMs: options.delayMs };
    return {
      chunks: typeof options.after === 'function' ? options.after(results) : options.after,
      delayMs: options.delayMs,
    };
  };
}
