import type { JSONSchema7, LanguageModelV3CallOptions, LanguageModelV3FunctionTool } from '@ai-sdk/provider';
import { asSchema, type ModelMessage, type ToolSet } from 'ai';
import { errorMessage, type ToolOutcome } from './step-messages.js';

/** The step loop's tools: as the provider gets them, each call checked against its schema, then run. */

export const NAMELESS_TOOL_ERROR = 'The model called a tool without giving its name, so the call was not run.';

/** Where a tool's result or error goes (the step loop's sink). */
type ToolSink = {
  toolResult(id: string, output: unknown): void;
  toolError(id: string, error: unknown, name: string, input: unknown): void;
};

/** Each tool input schema's JSON Schema, converted once per schema object (skills' schemas are constants). */
const jsonSchemas = new WeakMap<object, JSONSchema7>();

async function jsonSchemaOf(schema: ToolSet[string]['inputSchema']): Promise<JSONSchema7> {
  const key = schema as unknown as object;
  let json = jsonSchemas.get(key);
  if (!json) {
    json = await asSchema(schema).jsonSchema;
    jsonSchemas.set(key, json);
  }
  return json;
}

/** The tools as the provider gets them (function tools; their JSON Schemas converted once). */
export async function prepareTools(
  tools: ToolSet | undefined,
): Promise<{ tools: LanguageModelV3CallOptions['tools']; toolChoice: LanguageModelV3CallOptions['toolChoice'] }> {
  if (!tools || Object.keys(tools).length === 0) return { tools: undefined, toolChoice: undefined };
  const list: LanguageModelV3FunctionTool[] = [];
  for (const [name, tool] of Object.entries(tools)) {
    if (tool.type !== undefined && tool.type !== 'function' && tool.type !== 'dynamic')
      throw new Error(`the reply engine runs function tools only (${name} is ${tool.type})`);
    list.push({
      type: 'function',
      name,
      description: tool.description,
      inputSchema: await jsonSchemaOf(tool.inputSchema),
      ...(tool.inputExamples != null ? { inputExamples: tool.inputExamples } : {}),
      providerOptions: tool.providerOptions,
      ...(tool.strict != null ? { strict: tool.strict } : {}),
    });
  }
  return { tools: list, toolChoice: { type: 'auto' } };
}

/** The call's input parsed and checked against the tool's schema; `error` (a string) when the model got it wrong. */
export async function parseCall(
  tools: ToolSet | undefined,
  id: string,
  name: string,
  raw: unknown,
): Promise<{ id: string; name: string; input: unknown; error?: string }> {
  let input: unknown = raw;
  if (typeof raw === 'string') {
    try {
      input = raw.trim() === '' ? {} : JSON.parse(raw);
    } catch {
      return { id, name, input: raw, error: `Invalid input for tool ${name || '(no name)'}: the input is not JSON.` };
    }
  }
  if (!name) return { id, name, input, error: NAMELESS_TOOL_ERROR };
  const tool = tools?.[name];
  if (!tool) return { id, name, input, error: `Model tried to call unavailable tool '${name}'.` };
  const validate = asSchema(tool.inputSchema).validate;
  if (!validate) return { id, name, input };
  const checked = await validate(input);
  if (!checked.success)
    return { id, name, input, error: `Invalid input for tool ${name}: ${errorMessage(checked.error)}` };
  return { id, name, input: checked.value };
}

export async function runTool(
  tools: ToolSet | undefined,
  call: { id: string; name: string; input: unknown },
  messages: ModelMessage[],
  signal: AbortSignal,
  sink: ToolSink,
): Promise<ToolOutcome> {
  const execute = tools?.[call.name]?.execute;
  try {
    if (!execute) throw new Error(`The tool ${call.name} cannot run here.`);
    const value = await execute(call.input as never, { toolCallId: call.id, messages, abortSignal: signal });
    // After a stop or a failure, the caller ends running calls itself.
    if (!signal.aborted) sink.toolResult(call.id, value);
    return { ...call, ok: true, value };
  } catch (error) {
    if (!signal.aborted) sink.toolError(call.id, error, call.name, call.input);
    return { ...call, ok: false, value: error };
  }
}
