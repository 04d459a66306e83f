import { CHAT_TITLE_MAX_WORDS } from '@neura/contract';
import { generateText, type LanguageModel } from 'ai';

const FALLBACK_NAME = 'New Chat';
const MAX_NAME_LENGTH = 80;

function limitWords(text: string): string {
  const words = text.split(/\s+/).filter(Boolean).slice(0, CHAT_TITLE_MAX_WORDS);
  const joined = words.join(' ');
  return joined.length > MAX_NAME_LENGTH ? `${joined.slice(0, MAX_NAME_LENGTH - 1).trimEnd()}…` : joined;
}

/** A model's answer made into a title: first line, no quotes, labels or markdown, ≤ 6 words. */
export function cleanTitle(raw: string): string | undefined {
  const line = raw
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean);
  if (!line) return undefined;
  const cleaned = line
    .replace(/^(chat\s+)?title\s*:\s*/i, '')
    .replace(/[*_#`]/g, '')
    .replace(/^["'“‘«\s]+|["'”’»\s]+$/g, '')
    .replace(/[.!?,;:]+$/, '')
    .trim();
  return cleaned ? limitWords(cleaned) : undefined;
}

/** A title from the first message when no model can name the chat. */
export function titleFromText(text: string): string {
  const cleaned = text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/[*_#`>[\]()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?,;:]+$/, '');
  return cleaned ? limitWords(cleaned) : FALLBACK_NAME;
}

/** Token usage of one call, as the provider reported it (undefined when not reported). */
export interface TitleUsage {
  inputTokens: number | undefined;
  outputTokens: number | undefined;
}

/** Asks the model for a short title for the chat's first exchange; `onUsage` gets what it cost. */
export async function titleFromModel(
  model: LanguageModel,
  exchange: { user: string; assistant: string },
  abortSignal: AbortSignal,
  onUsage?: (usage: TitleUsage) => void,
): Promise<string | undefined> {
  const { text, usage } = await generateText({
    model,
    maxRetries: 1,
    abortSignal,
    system: `You write short chat titles. Answer with the title only: at most ${CHAT_TITLE_MAX_WORDS} words, no quotes, no punctuation at the end.`,
    prompt: `Write a title for a chat that starts like this.\n\nUser: ${exchange.user.slice(0, 1500)}\n\nAssistant: ${exchange.assistant.slice(0, 1500)}`,
  });
  onUsage?.({ inputTokens: usage.inputTokens, outputTokens: usage.outputTokens });
  return cleanTitle(text);
}
