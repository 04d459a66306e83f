import type { Message, MessagePart, ToolCall, ToolPart } from '@neura/contract';

/** Streamed text joins the parts too once a reply has any (text before and after tool calls). */
export function appendText(parts: MessagePart[] | undefined, text: string): MessagePart[] | undefined {
  if (!parts) return undefined;
  const last = parts.at(-1);
  if (last?.type === 'text') return [...parts.slice(0, -1), { type: 'text', text: last.text + text }];
  return [...parts, { type: 'text', text: text.replace(/^\n+/, '') }];
}

/** `message.tool`: a call starts or ends; its card takes its place after the text so far. */
export function withTool(message: Message, call: ToolCall): Message {
  const part = { type: 'tool', ...call } as ToolPart;
  const parts: MessagePart[] = message.parts ?? (message.content ? [{ type: 'text', text: message.content }] : []);
  const i = parts.findIndex((p) => p.type === 'tool' && p.id === call.id);
  const next = i === -1 ? [...parts, part] : parts.map((p, j) => (j === i ? part : p));
  return { ...message, parts: next };
}
