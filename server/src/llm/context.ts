import type { ModelMessage } from 'ai';

/** An image the model sees with a message (bytes only in the request to the model, never stored). */
export interface HistoryImage {
  data: Uint8Array;
  mediaType: string;
}

/** One earlier tool call of a reply and its result, as the model gets it on later turns. */
export interface HistoryToolCall {
  id: string;
  name: string;
  input: Record<string, unknown>;
  ok: boolean;
  /** The result as text (JSON, a file note for files, or the error sentence). */
  result: string;
}

/** A reply's text and the tool calls after it (a reply with tools is a few of these, in order). */
export interface HistoryStep {
  text: string;
  calls: HistoryToolCall[];
}

export interface HistoryMessage {
  role: 'user' | 'assistant' | 'system';
  content: string;
  /** A reply that called tools: its steps (text, calls and their results), for the model's later turns. */
  steps?: HistoryStep[];
  /** A short text after the content, e.g. the ids of attached images (kept whole when the content is cut). */
  note?: string;
  /** Images sent with a user message. */
  images?: HistoryImage[];
}

/** The longest tool result kept in the context (characters): a long page read keeps its start. */
export const MAX_TOOL_RESULT_CHARS = 4000;

const trimResult = (text: string) =>
  text.length > MAX_TOOL_RESULT_CHARS ? `${text.slice(0, MAX_TOOL_RESULT_CHARS)}… [cut]` : text;

/**
 * A reply with tool calls as the model's own turns: per step, its text and calls, then the calls'
 * results; with no tools offered in this request (providers refuse tool turns then), the results
 * as a note after the text.
 */
function toolTurns(m: HistoryMessage, steps: HistoryStep[], structured: boolean): ModelMessage[] {
  if (!structured) {
    const lines = steps.flatMap((s) =>
      s.calls.map((c) => `${c.name} ${JSON.stringify(c.input)} → ${c.ok ? '' : 'failed: '}${trimResult(c.result)}`),
    );
    const note = lines.length ? `[Tool results: ${lines.join('; ')}]` : undefined;
    return [{ role: 'assistant', content: withNote(m.content, note) }];
  }
  const out: ModelMessage[] = [];
  for (const step of steps) {
    if (step.calls.length === 0) {
      if (step.text.trim()) out.push({ role: 'assistant', content: step.text });
      continue;
    }
    out.push({
      role: 'assistant',
      content: [
        ...(step.text.trim() ? [{ type: 'text' as const, text: step.text }] : []),
        ...step.calls.map((c) => ({ type: 'tool-call' as const, toolCallId: c.id, toolName: c.name, input: c.input })),
      ],
    });
    out.push({
      role: 'tool',
      content: step.calls.map((c) => ({
        type: 'tool-result' as const,
        toolCallId: c.id,
        toolName: c.name,
        output: c.ok
          ? { type: 'text' as const, value: trimResult(c.result) }
          : { type: 'error-text' as const, value: trimResult(c.result) },
      })),
    });
  }
  return out;
}

const turnsCost = (turns: ModelMessage[]) => approxTokens(JSON.stringify(turns));

/** Rough token count: about four characters per token, which is close enough for budgeting. */
export const approxTokens = (text: string): number => Math.ceil(text.length / 4);
/** What an image is counted as against the budget (a detail-"low"-sized tile, roughly). */
export const IMAGE_TOKENS = 800;

const withNote = (text: string, note?: string) => (note ? (text ? `${text}\n\n${note}` : note) : text);

function toModelMessage(m: HistoryMessage, text: string): ModelMessage {
  if (m.role === 'user' && m.images?.length) {
    return {
      role: 'user',
      content: [
        { type: 'text', text },
        ...m.images.map((image) => ({ type: 'image' as const, image: image.data, mediaType: image.mediaType })),
      ],
    };
  }
  return { role: m.role, content: text } as ModelMessage;
}

/**
 * The model's context: the newest messages that fit the token budget next to the system prompt,
 * oldest first. The newest message is always kept (it is what is being answered), cut if needed.
 * `history` is oldest first; system notices (e.g. "no model configured") are not sent.
 */
export function buildContext(
  systemPrompt: string,
  history: HistoryMessage[],
  budget: number,
  options: { tools?: boolean } = {},
): ModelMessage[] {
  let remaining = budget - approxTokens(systemPrompt);
  const picked: ModelMessage[] = [];
  for (let i = history.length - 1; i >= 0; i--) {
    const m = history[i];
    if (!m || m.role === 'system') continue;
    if (m.role === 'assistant' && m.steps?.some((s) => s.calls.length > 0) && picked.length > 0) {
      // Earlier tool calls and their results, so follow-ups ("and tomorrow's wind?") work; the
      // plain text with its note when they do not fit.
      const turns = toolTurns(m, m.steps, options.tools === true);
      const cost = turnsCost(turns);
      if (cost <= remaining) {
        remaining -= cost;
        picked.push(...turns.reverse());
        continue;
      }
    }
    if (m.content.trim() === '' && !m.note) continue;
    const text = withNote(m.content, m.note);
    const cost = approxTokens(text) + (m.images?.length ?? 0) * IMAGE_TOKENS;
    if (cost > remaining) {
      if (picked.length === 0) {
        // The question alone is over budget: keep its end, which is usually what matters.
        const keep = Math.max(0, remaining - (m.images?.length ?? 0) * IMAGE_TOKENS - approxTokens(m.note ?? '')) * 4;
        picked.push(toModelMessage(m, withNote(m.content.slice(m.content.length - keep), m.note)));
      }
      break;
    }
    remaining -= cost;
    picked.push(toModelMessage(m, text));
  }
  picked.reverse();
  // Providers such as Anthropic want the conversation to start with the user.
  while (picked.length > 1 && picked[0]?.role !== 'user') picked.shift();
  return picked;
}
