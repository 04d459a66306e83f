import type { MessageRow } from '../db/schema.js';

/** How one persona of a group chat (issue #46) sees the conversation: who it is, and who said what. */
export interface GroupView {
  /** The persona replying. */
  self: string;
  /** Every persona of the chat: id → name, in speaking order. */
  names: ReadonlyMap<string, string>;
  /** The chat's first persona: the speaker of replies stored before the chat became a group. */
  first: string;
}

type ContextRow = Pick<MessageRow, 'role' | 'content' | 'parts' | 'attachments' | 'persona_id'>;

/** The label of the user's messages in a group's context. */
const USER_LABEL = 'User';

/**
 * The history as `view.self` reads it: its own replies stay its (assistant) turns; the user's
 * messages and the other personas' replies come as the user's turns, each labelled with its speaker
 * (`[Name]: …`; the others' tool calls are not its own, so only their text is kept).
 */
export function labelForGroup<T extends ContextRow>(rows: readonly T[], view: GroupView): T[] {
  return rows.map((row) => {
    if (row.role === 'user') return { ...row, content: `[${USER_LABEL}]: ${row.content}` };
    if (row.role !== 'assistant') return row;
    const speaker = row.persona_id ?? view.first;
    if (speaker === view.self) return row;
    const name = view.names.get(speaker) ?? speaker;
    return { ...row, role: 'user' as const, parts: null, content: `[${name}]: ${row.content}` };
  });
}

/** What the persona is told of the group (after its own instructions). */
export function groupNote(view: GroupView): string {
  const self = view.names.get(view.self) ?? view.self;
  const others = [...view.names].filter(([id]) => id !== view.self).map(([, name]) => name);
  return (
    `\n\nThis is a group chat: the user talks with you and ${others.join(', ')}. You are ${self}. ` +
    `The user's messages are marked [${USER_LABEL}], the others' replies with their names in brackets. ` +
    `Write only ${self}'s next reply, in your own voice, without a name prefix.`
  );
}
