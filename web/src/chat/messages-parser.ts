import type { Message } from '@neura/contract';
import { arrayOf, bool, type Check, guard, nullable, num, object, oneOf, optional, str } from '../api/guards';

/**
 * Hand validation of a page of messages (docs/PERFORMANCE.md "Long chat"): opening a chat does not
 * build the contract's zod schemas (building them was most of a long task on open). It checks the
 * shape of the contract's message schema (api/guards-parity.test.ts holds it there); a tool part's
 * per-skill input and output are parsed with the contract's schema (`withToolParts`), loaded only
 * for a page that has one.
 */
const attachment = object({
  id: str,
  url: str,
  mimeType: str,
  width: nullable(num),
  height: nullable(num),
  purpose: optional(oneOf('attachment', 'mask')),
  kind: optional(oneOf('document')),
  name: optional(str),
  pages: optional(num),
});
const textPart = object({ type: (v) => v === 'text', text: str });
const toolPart = object({
  type: (v) => v === 'tool',
  id: str,
  skill: str,
  status: oneOf('running', 'complete', 'failed'),
});
const memoryPart = object({
  type: (v) => v === 'memory',
  action: oneOf('remembered', 'forgot'),
  itemId: str,
  text: str,
  scope: oneOf('user', 'persona', 'chat'),
  personaId: optional(str),
  chatId: optional(str),
  pinned: optional(bool),
});
const sourcesPart = object({
  type: (v) => v === 'sources',
  items: arrayOf(object({ fileId: str, name: str, page: optional(num), snippet: str })),
  cost: optional(num),
  unpaid: optional(num),
});
const part: Check = (v) => textPart(v) || toolPart(v) || memoryPart(v) || sourcesPart(v);
const message = object({
  id: str,
  chatId: str,
  role: oneOf('user', 'assistant', 'system'),
  content: str,
  parts: optional(arrayOf(part)),
  attachments: optional(arrayOf(attachment)),
  createdAt: str,
  status: oneOf('complete', 'streaming', 'stopped', 'failed'),
  cost: num,
  replyTo: optional(str),
  versions: optional(arrayOf(str)),
  superseded: optional(bool),
  prompt: optional(str),
  editedAt: optional(str),
  reasoning: optional(str),
  finishReason: optional(str),
  model: optional(str),
  usage: optional(
    object({
      inputTokens: optional(num),
      outputTokens: optional(num),
      reasoningTokens: optional(num),
      cachedInputTokens: optional(num),
    }),
  ),
  memoryTokens: optional(num),
  personaId: optional(str),
  documentTokens: optional(num),
});

export const messagesParser = guard<Message[]>(arrayOf(message));

const hasToolPart = (m: Message) => m.parts?.some((p) => p.type === 'tool') ?? false;

/**
 * A page with tool calls parsed again with the contract's schema: it checks each skill's input and
 * output and reads a malformed input as `{}` (as before), so the tool cards get what they expect.
 */
export async function withToolParts(page: Message[]): Promise<Message[]> {
  if (!page.some(hasToolPart)) return page;
  const { messagesResponseSchema } = await import('./messages-schema');
  return messagesResponseSchema.parse(page);
}
