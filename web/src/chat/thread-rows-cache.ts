import type { Message } from '@neura/contract';
import { type ThreadRow, threadRows } from './actions/versions';

/** A row's lasting key: its first loaded version's id, or its first part's when Continue carried it on. */
export const rowKey = (row: ThreadRow): string => row.continued?.before[0]?.id ?? row.version?.ids[0] ?? row.message.id;

/** The rows of a thread and their keys (the keys array is the same object while they are the same). */
export interface Rows {
  messages: readonly Message[];
  chosen: Readonly<Record<string, string>>;
  rows: ThreadRow[];
  keys: string[];
}

/** What threadRows reads of a reply besides its identity: a reply whose text alone changed keeps its row. */
const sameShape = (a: Message, b: Message): boolean =>
  a.id === b.id &&
  a.role === 'assistant' &&
  b.role === 'assistant' &&
  a.replyTo === b.replyTo &&
  a.personaId === b.personaId &&
  a.superseded === b.superseded &&
  a.finishReason === b.finishReason &&
  a.prompt === b.prompt;

/** `row` with `from` (shown as its message or as an earlier part) replaced by `to`; null when it holds neither. */
function swapped(row: ThreadRow, from: Message, to: Message): ThreadRow | null {
  if (row.message === from) return { ...row, message: to };
  const before = row.continued?.before;
  if (row.continued && before?.includes(from)) {
    return { ...row, continued: { ...row.continued, before: before.map((m) => (m === from ? to : m)) } };
  }
  return null;
}

/**
 * Replies whose text alone changed (a frame of a streaming reply) patched into the rows they show
 * in, found from the end; null when anything else changed.
 */
function patched(prev: Rows, messages: readonly Message[]): ThreadRow[] | null {
  if (messages.length !== prev.messages.length) return null;
  let rows: ThreadRow[] | null = null;
  for (let i = messages.length - 1; i >= 0; i--) {
    const from = prev.messages[i] as Message;
    const to = messages[i] as Message;
    if (from === to) continue;
    if (!sameShape(from, to)) return null;
    rows ??= prev.rows.slice();
    // A version not shown is in no row: nothing to patch.
    for (let r = Math.min(i, rows.length - 1); r >= 0; r--) {
      const next = swapped(rows[r] as ThreadRow, from, to);
      if (next) {
        rows[r] = next;
        break;
      }
    }
  }
  return rows ?? prev.rows;
}

const sameKeys = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((k, i) => k === b[i]);

/**
 * threadRows for a list that re-renders once per frame while a reply streams: a frame that only
 * grew a reply's text patches the previous rows instead of rebuilding all of them (a 2,000-message
 * chat rebuilt every row per frame), and the keys stay the same array, so the virtualizer does
 * not measure every row again (issue #50 item 3).
 */
export function nextRows(
  prev: Rows | null,
  messages: readonly Message[],
  chosen: Readonly<Record<string, string>>,
): Rows {
  if (prev && prev.messages === messages && prev.chosen === chosen) return prev;
  const quick = prev && prev.chosen === chosen ? patched(prev, messages) : null;
  if (prev && quick) return { messages, chosen, rows: quick, keys: prev.keys };
  const rows = threadRows(messages, chosen);
  const keys = rows.map(rowKey);
  return { messages, chosen, rows, keys: prev && sameKeys(prev.keys, keys) ? prev.keys : keys };
}
