import type { LanguageModelV3Message, LanguageModelV3Prompt, LanguageModelV3ToolResultOutput } from '@ai-sdk/provider';
import type { ModelMessage, ToolSet } from 'ai';

/** The step loop's messages: the provider prompt from ours, and a step's calls and results as the next step's messages. */

export type ToolOutcome = { id: string; name: string; input: unknown; ok: boolean; value: unknown };

export const errorMessage = (error: unknown): string => {
  if (error == null) return 'unknown error';
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  return JSON.stringify(error);
};

type ContentPart = Exclude<ModelMessage['content'], string>[number];

const asBytesOrUrl = (data: unknown): Uint8Array | URL | string => {
  if (data instanceof Uint8Array || data instanceof URL || typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return String(data);
};

/**
 * The provider prompt from the messages our own code builds (text, images, tool calls and their
 * results): a plain conversion, no schema check of the history on every step.
 */
export function toPrompt(system: string, messages: ModelMessage[]): LanguageModelV3Prompt {
  if (messages.length === 0) throw new Error('the prompt has no messages');
  const prompt: LanguageModelV3Prompt = [];
  if (system) prompt.push({ role: 'system', content: system });
  for (const message of messages) {
    const converted = toProviderMessage(message);
    if (converted) prompt.push(converted);
  }
  return prompt;
}

function toProviderMessage(message: ModelMessage): LanguageModelV3Message | undefined {
  if (message.role === 'system') return { role: 'system', content: message.content };
  const parts: ContentPart[] =
    typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : [...message.content];
  if (message.role === 'user') {
    const content: Extract<LanguageModelV3Message, { role: 'user' }>['content'] = [];
    for (const part of parts) {
      if (part.type === 'text') content.push({ type: 'text', text: part.text });
      else if (part.type === 'image')
        content.push({ type: 'file', data: asBytesOrUrl(part.image), mediaType: part.mediaType ?? 'image/png' });
      else if (part.type === 'file')
        content.push({ type: 'file', data: asBytesOrUrl(part.data), mediaType: part.mediaType });
    }
    return { role: 'user', content };
  }
  if (message.role === 'assistant') {
    const content: Extract<LanguageModelV3Message, { role: 'assistant' }>['content'] = [];
    for (const part of parts) {
      if (part.type === 'text') content.push({ type: 'text', text: part.text });
      else if (part.type === 'tool-call')
        content.push({ type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
    }
    return { role: 'assistant', content };
  }
  if (message.role === 'tool') {
    const content: Extract<LanguageModelV3Message, { role: 'tool' }>['content'] = [];
    for (const part of parts) {
      if (part.type === 'tool-result')
        content.push({
          type: 'tool-result',
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          output: part.output as LanguageModelV3ToolResultOutput,
        });
    }
    return { role: 'tool', content };
  }
  return undefined;
}

/** The assistant's step (text + calls) and the tool results, as the next step's messages. */
export async function responseMessages(
  tools: ToolSet | undefined,
  text: string,
  calls: Array<{ id: string; name: string; input: unknown }>,
  outcomes: ToolOutcome[],
): Promise<ModelMessage[]> {
  const assistant: ModelMessage = {
    role: 'assistant',
    content: [
      ...(text ? [{ type: 'text' as const, text }] : []),
      ...calls.map((c) => ({
        type: 'tool-call' as const,
        toolCallId: c.id,
        toolName: c.name || 'unnamed_tool',
        input: c.input !== null && typeof c.input === 'object' ? c.input : {},
      })),
    ],
  };
  const results = await Promise.all(
    outcomes.map(async (o) => {
      const tool = tools?.[o.name];
      const output = !o.ok
        ? { type: 'error-text' as const, value: errorMessage(o.value) }
        : tool?.toModelOutput
          ? await tool.toModelOutput({ toolCallId: o.id, input: o.input, output: o.value })
          : typeof o.value === 'string'
            ? { type: 'text' as const, value: o.value }
            : { type: 'json' as const, value: (o.value ?? null) as never };
      return { type: 'tool-result' as const, toolCallId: o.id, toolName: o.name || 'unnamed_tool', output };
    }),
  );
  return [assistant, { role: 'tool', content: results }];
}
