import { CONTINUE_PROMPT, type Message } from '@neura/contract';

/** One row of the chat as shown: a message, and for a reply with several versions, which one. */
export interface ThreadRow {
  message: Message;
  /** 1-based position of the shown version among the loaded ones, and how many there are. */
  version?: { index: number; count: number; ids: string[]; key: string };
  /**
   * A reply carried on with Continue: the earlier parts of the same answer, oldest first (`message`
   * is its newest part, the one the actions apply to), and the ids of the hidden "continue" turns.
   */
  continued?: { before: Message[]; prompts: string[] };
}

/** The user's turn Continue sends after a reply cut short (shown as the answer going on, not as a message). */
export function isContinuePrompt(message: Message, previous: Message | undefined): boolean {
  return (
    message.role === 'user' &&
    message.content === CONTINUE_PROMPT &&
    !message.attachments?.length &&
    previous?.role === 'assistant' &&
    previous.finishReason === 'length'
  );
}

/**
 * Continue reads as the same answer going on: the "continue" turn after a reply cut short is not
 * shown, and the reply to it joins the cut reply's row (chains of them too). A turn whose reply
 * has not arrived yet is hidden all the same.
 */
function withContinuations(rows: ThreadRow[]): ThreadRow[] {
  const out: ThreadRow[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as ThreadRow;
    const previous = out[out.length - 1];
    if (!previous || !isContinuePrompt(row.message, previous.message)) {
      out.push(row);
      continue;
    }
    const next = rows[i + 1];
    const earlier = previous.continued ?? { before: [], prompts: [] };
    const prompts = [...earlier.prompts, row.message.id];
    if (next?.message.role === 'assistant') {
      const before = [...earlier.before, previous.message];
      out[out.length - 1] = { ...next, continued: { before, prompts } };
      i++;
    } else {
      out[out.length - 1] = { ...previous, continued: { before: earlier.before, prompts } };
    }
  }
  return out;
}

/** Versions of one answer: replies to one message by one persona (a group chat's personas each answer, issue #46). */
export const versionGroup = (m: Pick<Message, 'replyTo' | 'personaId'>): string =>
  m.personaId ? `${m.replyTo}@${m.personaId}` : `${m.replyTo}`;

/**
 * The rows to show: the versions of one reply (same `replyTo`) collapse into one row showing the
 * chosen version, else the current one (not superseded; the newest when several claim it).
 * `chosen` maps a version key (`replyTo#count`) to the version id the user switched to: when a new
 * version arrives the key changes, so the new current version shows.
 */
export function threadRows(messages: readonly Message[], chosen: Readonly<Record<string, string>>): ThreadRow[] {
  const groups = new Map<string, Message[]>();
  for (const m of messages) {
    if (m.role !== 'assistant' || !m.replyTo) continue;
    const group = groups.get(versionGroup(m)) ?? [];
    group.push(m);
    groups.set(versionGroup(m), group);
  }
  const rows: ThreadRow[] = [];
  for (const m of messages) {
    const group = m.role === 'assistant' && m.replyTo ? groups.get(versionGroup(m)) : undefined;
    if (!group || group.length === 1) {
      rows.push({ message: m });
      continue;
    }
    // One row per group, placed where its first loaded version sits.
    if (group[0] !== m) continue;
    const current = [...group].reverse().find((v) => !v.superseded) ?? group[group.length - 1];
    const ids = group.map((v) => v.id);
    const key = `${versionGroup(m)}#${ids.length}`;
    const shown = group.find((v) => v.id === chosen[key]) ?? current ?? m;
    rows.push({ message: shown, version: { index: ids.indexOf(shown.id) + 1, count: ids.length, ids, key } });
  }
  // A version that answered an earlier text of the prompt (before an edit) shows under that text:
  // the prompt switches with its answers.
  for (let i = 1; i < rows.length; i++) {
    const reply = (rows[i] as ThreadRow).message;
    if (reply.prompt === undefined) continue;
    let j = i - 1;
    while (j >= 0 && rows[j]?.message.id !== reply.replyTo) j--;
    const question = rows[j]?.message;
    if (question?.role !== 'user') continue;
    const { editedAt: _edited, ...unedited } = question;
    rows[j] = { message: { ...unedited, content: reply.prompt } };
  }
  return withContinuations(rows);
}

/** The newest reply row and the newest user row: the only ones retry/regenerate/edit apply to. */
export function lastIds(rows: readonly ThreadRow[]): { reply?: string; user?: string } {
  const last = rows[rows.length - 1]?.message;
  let user: string | undefined;
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i];
    // A hidden "continue" turn is the chat's newest user message: no shown one can be edited.
    const prompt = row?.continued?.prompts.at(-1);
    if (prompt || row?.message.role === 'user') {
      user = prompt ?? row?.message.id;
      break;
    }
  }
  return { reply: last?.role === 'assistant' && !last.superseded ? last.id : undefined, user };
}
