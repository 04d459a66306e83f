import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Prompt,
  LanguageModelV3ToolResultOutput,
} from '@ai-sdk/provider';

/** The Chat Completions request of the lean path (chat-stream.ts): messages, tools, tool_choice, usage in the stream. */

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
                name: part.toolName,
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
          out.push({ role: 'tool', tool_call_id: part.toolCallId, content: toolOutputText(part.output) });
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
