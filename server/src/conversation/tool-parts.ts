import {
  type MemoryPart,
  type MessagePart,
  SKILLS,
  type Skill,
  type SourcesPart,
  type ToolCall,
  type ToolPart,
} from '@neura/contract';
import { SkillError, UNEXPECTED_SKILL_ERROR } from '../skills/skill-error.js';

const INVALID_INPUT = 'The request for this skill was not valid, so it was not run.';

/**
 * The ordered parts of one reply as it streams: text, tool calls (running → complete | failed),
 * more text. Each change of a call is announced (`message.tool`); `stored()` is what the message
 * keeps, and `content` is the text parts joined by blank lines.
 */
export class ToolParts {
  readonly list: MessagePart[] = [];

  constructor(
    private readonly announce: (call: ToolCall) => void,
    private readonly onUnexpected: (error: unknown) => void,
    /** A failure's sentence in the reply's user's language (issue #43). */
    private readonly say: (text: string) => string = (text) => text,
  ) {}

  /** Appends streamed text; returns the text to add to `content` (a paragraph break after a call). */
  text(delta: string, hasEarlierText: boolean): string {
    const last = this.list.at(-1);
    if (last?.type === 'text') {
      last.text += delta;
      return delta;
    }
    this.list.push({ type: 'text', text: delta });
    return hasEarlierText ? `\n\n${delta}` : delta;
  }

  start(id: string, skill: string, input: unknown): void {
    if (!(SKILLS as readonly string[]).includes(skill) || this.find(id)) return;
    const part = { type: 'tool', id, skill: skill as Skill, status: 'running', input: asObject(input) } as ToolPart;
    this.list.push(part);
    this.emit(part);
  }

  complete(id: string, output: unknown): void {
    const part = this.find(id);
    if (part?.status !== 'running') return;
    part.status = 'complete';
    (part as { output?: unknown }).output = output;
    this.emit(part);
  }

  fail(id: string, error: unknown, skill: string, input: unknown): void {
    if (!this.find(id)) this.start(id, skill, input);
    const part = this.find(id);
    if (part?.status !== 'running') return;
    part.status = 'failed';
    part.output = { error: this.say(this.readable(error)) };
    this.emit(part);
  }

  /** Calls still running when the reply ends (Stop, shutdown, a failure) end as failed. */
  endRunning(message: string): void {
    for (const part of this.list) {
      if (part.type !== 'tool' || part.status !== 'running') continue;
      part.status = 'failed';
      part.output = { error: message };
      this.emit(part);
    }
  }

  /** A memory note (`Memory updated`), kept in the reply after what came before it. */
  note(part: MemoryPart): void {
    this.list.push(part);
  }

  /** The reply's citations (documents/), kept after its text. */
  cite(part: SourcesPart): void {
    this.list.push(part);
  }

  hasTools(): boolean {
    return this.list.some((p) => p.type === 'tool');
  }

  stored(): MessagePart[] {
    return this.list.map((p) => ({ ...p }) as MessagePart);
  }

  private find(id: string): ToolPart | undefined {
    return this.list.find((p): p is ToolPart => p.type === 'tool' && p.id === id);
  }

  private emit(part: ToolPart): void {
    const { type: _type, ...call } = part;
    this.announce(structuredClone(call) as ToolCall);
  }

  private readable(error: unknown): string {
    if (error instanceof SkillError) {
      if (error.cause !== undefined) this.onUnexpected(error.cause);
      return error.message;
    }
    // The SDK reports a call the model got wrong (unknown tool, invalid input) as a string.
    if (typeof error === 'string') return INVALID_INPUT;
    this.onUnexpected(error);
    return UNEXPECTED_SKILL_ERROR;
  }
}

function asObject(input: unknown): Record<string, unknown> {
  return input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}
