import type { Virtualizer } from '@tanstack/react-virtual';
import { type Dispatch, type RefObject, type SetStateAction, useEffect, useRef, useState } from 'react';
import type { ThreadRow } from './actions/versions';

/** Whether the row shows the message: itself, one of its versions, or an earlier part of its answer. */
export const rowHolds = (row: ThreadRow, id: string): boolean =>
  row.message.id === id ||
  (row.version?.ids.includes(id) ?? false) ||
  (row.continued?.before.some((m) => m.id === id) ?? false);
/**
 * A search result (`focusId`) in the message list: its version is shown, it is scrolled to the middle
 * (again at each frame for a moment, as rows are measured and older pages arrive) and marked for a
 * few seconds. Returns the marked message's id. Following the bottom stops.
 */
export function useFocusMessage(
  focusId: string | null,
  rows: ThreadRow[],
  stickToBottom: RefObject<boolean>,
  setChosen: Dispatch<SetStateAction<Record<string, string>>>,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
): string | null {
  const focused = useRef<string | null>(null);
  const [marked, setMarked] = useState<string | null>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const stopFocus = useRef<() => void>(() => undefined);
  useEffect(() => {
    if (!focusId || focused.current === focusId) return;
    const index = rows.findIndex((r) => rowHolds(r, focusId));
    const row = rows[index];
    if (!row) return;
    if (row.message.id !== focusId && row.version?.ids.includes(focusId)) {
      setChosen((c) => ({ ...c, [row.version?.key as string]: focusId }));
      return;
    }
    focused.current = focusId;
    stickToBottom.current = false;
    setMarked(focusId);
    // Rows are measured (and older pages may be added above) after the first scroll: keep the
    // message centred for a moment, by its index at each frame.
    const until = performance.now() + 1500;
    let frame = 0;
    const centre = () => {
      const at = rowsRef.current.findIndex((r) => rowHolds(r, focusId));
      if (at >= 0) virtualizer.scrollToIndex(at, { align: 'center' });
      if (performance.now() < until) frame = requestAnimationFrame(centre);
    };
    centre();
    const unmark = setTimeout(() => setMarked(null), 4000);
    // Not undone when rows change (older pages arriving): only when the list goes.
    stopFocus.current = () => {
      cancelAnimationFrame(frame);
      clearTimeout(unmark);
    };
  }, [focusId, rows, virtualizer, setChosen, stickToBottom]);
  useEffect(() => () => stopFocus.current(), []);
  return marked;
}
