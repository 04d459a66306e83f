import type { ModelMessage } from 'ai';

/** An image the model sees with a message (bytes only in the request to the model, never stored). */
export interface HistoryImage {
  data: Uint8Array;
  mediaType: string;
}

export interface HistoryMessage {
  role: 'user' | 'assistant' | 'system';
  content: string;
  /** A short text after the content, e.g. the ids of attached images (kept whole when the content is cut). */
  note?: string;
  /** Images sent with a user message. */
  images?: HistoryImage[];
}

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
export function buildContext(systemPrompt: string, history: HistoryMessage[], budget: number): ModelMessage[] {
  let remaining = budget - approxTokens(systemPrompt);
  const picked: ModelMessage[] = [];
  for (let i = history.length - 1; i >= 0; i--) {
    const m = history[i];
    if (!m || m.role === 'system' || (m.content.trim() === '' && !m.note)) continue;
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
