/**
 * Inserts dictated text into the message at the cursor (replacing a selection), with a space on
 * each side where the neighbouring text needs one. Returns the new value and the caret after it.
 */
export function insertAtCursor(
  value: string,
  insert: string,
  selectionStart: number | null,
  selectionEnd: number | null,
): { value: string; caret: number } {
  const start = Math.min(selectionStart ?? value.length, value.length);
  const end = Math.max(start, Math.min(selectionEnd ?? start, value.length));
  const before = value.slice(0, start);
  const after = value.slice(end);
  const lead = before !== '' && !/\s$/.test(before) ? ' ' : '';
  const trail = after !== '' && !/^\s/.test(after) ? ' ' : '';
  const inserted = `${lead}${insert}${trail}`;
  return { value: `${before}${inserted}${after}`, caret: before.length + lead.length + insert.length };
}
