import type { ModelMessage } from 'ai';

export interface HistoryMessage {
  role: 'user' | 'assistant' | 'system';
  content: string;
}

/** Rough token count: about four characters per token, which is close enough for budgeting. */
export const approxTokens = (text: string): number => Math.ceil(text.length / 4);

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
    if (!m || m.role === 'system' || m.content.trim() === '') continue;
    const cost = approxTokens(m.content);
    if (cost > remaining) {
      if (picked.length === 0) {
        // The question alone is over budget: keep its end, which is usually what matters.
        const keep = Math.max(0, remaining) * 4;
        picked.push({ role: m.role, content: m.content.slice(m.content.length - keep) });
      }
      break;
    }
    remaining -= cost;
    picked.push({ role: m.role, content: m.content });
  }
  picked.reverse();
  // Providers such as Anthropic want the conversation to start with the user.
  while (picked.length > 1 && picked[0]?.role !== 'user') picked.shift();
  return picked;
}
