import type { Message } from '@neura/contract';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { appTexts } from '../texts/app-texts';
import { Button } from '../ui/button';
import { lastIds } from './actions/versions';
import { useFirstRowsAtBottom } from './first-rows';
import { rowHolds, useFocusMessage } from './focus-message';
import { measureAfterLayout, useFollowAfterLayout } from './follow-after-layout';
import { MessageItem } from './message-item';
import { nextRows, type Rows } from './thread-rows-cache';

const NEAR_BOTTOM_PX = 120;

const LOAD_OLDER_PX = 400;
const NEVER_ADJUST = () => false;

interface Props {
  messages: Message[];
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  empty: React.ReactNode;
  /** A message to scroll to and mark (a search result); its version is shown. */
  focusId?: string | null;
}

/**
 * The virtualized message list: only the rows near the viewport are mounted, older pages load
 * when scrolling up (keeping the reading position), and it follows the bottom while a reply
 * streams unless the user scrolled up; then "Jump to latest" brings them back (shown whenever the
 * view is away from the bottom). Sending a message follows the bottom again.
 */
export const MessageList = memo(function MessageList({
  messages,
  hasMore,
  loadingOlder,
  onLoadOlder,
  empty,
  focusId = null,
}: Props) {
  const parentRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  /** The scroll position last set here or reported by a scroll event. */
  const lastTop = useRef(0);
  const [away, setAway] = useState<'near' | 'up' | 'far'>('near');
  const beforePrepend = useRef<{ firstId: string | undefined; height: number; top: number } | null>(null);
  // The version of each reply the user switched to (see threadRows: a new version resets it).
  const [chosen, setChosen] = useState<Record<string, string>>({});
  // Rebuilt only when more than a reply's text changed; the keys stay the same array while they are the same.
  const cache = useRef<Rows | null>(null);
  const { rows, keys } = useMemo(() => {
    cache.current = nextRows(cache.current, messages, chosen);
    return cache.current;
  }, [messages, chosen]);
  const last = lastIds(rows);
  const busy = messages.some((m) => m.status === 'streaming');
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const onVersion = useCallback((message: Message, delta: -1 | 1) => {
    const row = rowsRef.current.find((r) => r.message.id === message.id);
    const next = row?.version?.ids[row.version.index - 1 + delta];
    if (next && row?.version) setChosen((c) => ({ ...c, [row.version?.key as string]: next }));
  }, []);
  /** The rows the last commit followed the bottom for: while they are the same, the observer follows. */
  const followedKeys = useRef<string[] | null>(null);
  const getItemKey = useCallback((index: number) => keys[index] ?? index, [keys]);
  const estimateSize = useCallback(
    (index: number) => 64 + Math.min(2400, Math.ceil((rowsRef.current[index]?.message.content.length ?? 0) / 60) * 24),
    [],
  );
  const virtualizerRef = useRef<Virtualizer<HTMLDivElement, Element> | null>(null);
  // The chat's first rows are the last ones (see the hook).
  const rangeExtractor = useFirstRowsAtBottom(
    rows.length,
    stickToBottom.current,
    (followedKeys.current?.length ?? 0) > 0,
    virtualizerRef,
    estimateSize,
  );
  const virtualizer = useVirtualizer({
    count: rows.length,
    rangeExtractor,
    getScrollElement: () => parentRef.current,
    // From the text's length (lines of ~60 characters on a phone): a close guess keeps the first
    // layout from mounting rows it drops as soon as they are measured.
    estimateSize,
    overscan: 3,
    // A reply's row keeps its key while its versions switch (the first loaded version's id), and
    // while Continue carries it on (its first part's key). The same function while the keys are the
    // same: a new one makes the virtualizer place every row again (O(rows) each frame of a reply).
    getItemKey,
    // A scroll re-renders the rows in React's next task, not inside the scroll event with flushSync:
    // at 4× CPU each scroll event's synchronous render of the list was a long task (issue #50 item 3).
    useFlushSync: false,
    // Rows are in normal flow (below): a new row is not measured in the commit that mounts it (its
    // offsetHeight forced the rows' layout inside React's task), only by the ResizeObserver after the
    // frame's layout; until then it counts at its cached size or estimate.
    measureElement: measureAfterLayout,
  });
  virtualizerRef.current = virtualizer;
  // While the view follows the bottom, the bottom is what stays in place, not a row: the list
  // follows it after layout (below), and the virtualizer's own move for a row measured above the
  // view, in the same resize delivery, would be a second writer of the position (a move up reads
  // as the user scrolling up). Otherwise the virtualizer's anchoring, as before.
  if (!Object.hasOwn(virtualizer, 'shouldAdjustScrollPositionOnItemSizeChange')) {
    Object.defineProperty(virtualizer, 'shouldAdjustScrollPositionOnItemSizeChange', {
      get: () => (stickToBottom.current ? NEVER_ADJUST : undefined),
      set: () => undefined,
    });
  }

  // A search result: its version shown, scrolled to the middle and marked for a moment.
  const marked = useFocusMessage(focusId, rows, stickToBottom, setChosen, virtualizer);

  const onScroll = () => {
    const el = parentRef.current;
    if (!el) return;
    const distance = el.scrollHeight - el.scrollTop - el.clientHeight;
    // Only the user scrolling up stops the following: a scroll event that comes while a row grows
    // under a following view (an image loading, a canvas result) is not one, and the view catches up.
    const scrolledUp = el.scrollTop < lastTop.current - 1;
    if (stickToBottom.current && !scrolledUp && distance >= NEAR_BOTTOM_PX) {
      el.scrollTop = el.scrollHeight;
      lastTop.current = el.scrollTop;
      setAway('near');
      return;
    }
    lastTop.current = el.scrollTop;
    stickToBottom.current = distance < NEAR_BOTTOM_PX;
    setAway(stickToBottom.current ? 'near' : distance > el.clientHeight ? 'far' : 'up');
    if (el.scrollTop < LOAD_OLDER_PX && hasMore && !loadingOlder && messages.length > 0) {
      beforePrepend.current = { firstId: messages[0]?.id, height: el.scrollHeight, top: el.scrollTop };
      onLoadOlder();
    }
  };

  // The user's own new message (a send, an edit, a canvas result sent from here) brings the view
  // back to the bottom, wherever it was: what they just sent is always in view.
  const lastUser = useRef(last.user);
  if (last.user !== lastUser.current) {
    const first = lastUser.current === undefined && messages.length > 1;
    lastUser.current = last.user;
    if (!first && last.user) stickToBottom.current = true;
  }

  /** Down to the bottom, unless the user scrolled up and its scroll event has not come yet. */
  const followBottom = () => {
    const el = parentRef.current;
    if (!el || !stickToBottom.current) return;
    // The user scrolled up and its scroll event has not come yet (it comes with the next frame, and
    // a render can run first, e.g. the deferred markdown of the rows just mounted): keep their
    // position rather than pulling them back down. Content that got shorter only lowers scrollTop
    // down to the new bottom, which is not a scroll up.
    const distance = el.scrollHeight - el.scrollTop - el.clientHeight;
    if (el.scrollTop < lastTop.current - 1 && distance >= NEAR_BOTTOM_PX) {
      onScroll();
      return;
    }
    el.scrollTop = el.scrollHeight;
    lastTop.current = el.scrollTop;
    if (awayRef.current !== 'near') setAway('near');
  };
  const awayRef = useRef(away);
  awayRef.current = away;
  // Following the bottom as rows grow (each frame of a streaming reply) and as the virtualizer
  // places them: after the frame's layout, not in the commit.
  const { sizer, rowRef, observing } = useFollowAfterLayout(parentRef, followBottom, virtualizer.measureElement);

  useLayoutEffect(() => {
    const el = parentRef.current;
    if (!el) return;
    const saved = beforePrepend.current;
    if (saved && saved.firstId !== messages[0]?.id) {
      // Older messages were added above: keep what the user was reading in place.
      el.scrollTop = saved.top + (el.scrollHeight - saved.height);
      lastTop.current = el.scrollTop;
      beforePrepend.current = null;
      return;
    }
    if (!stickToBottom.current) return;
    // Followed after the frame's layout, in the ResizeObserver's callback: rows that grew (a reply's
    // text), rows placed again, and new rows (the chat opening, a message sent: a row's first
    // observation), still before they are painted. Reading scrollHeight here, or in a frame callback
    // before the layout, laid the new rows out inside a task of its own (issue #50 item 3).
    followedKeys.current = keys;
    if (!observing()) followBottom();
  });

  const jumpToLatest = () => {
    const el = parentRef.current;
    if (!el) return;
    stickToBottom.current = true;
    setAway('near');
    el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
  };

  const items = virtualizer.getVirtualItems();
  // The rows in normal flow between two spacers standing for the rows not mounted: the browser
  // stacks them as they are, so nothing waits for their measurement to be placed.
  const above = items[0]?.start ?? 0;
  const below = Math.max(0, virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0));
  const showJump = messages.length > 0 && away !== 'near';
  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={parentRef}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 [overflow-anchor:none]"
        // Only the list moves the view when a row above it changes size (the virtualizer, or following
        // the bottom): the browser's own scroll anchoring would move it a second time.
        role="log"
        aria-label={appTexts.chat.messages}
        data-testid="message-list"
      >
        {loadingOlder ? (
          <p className="py-2 text-center text-sm text-muted" role="status">
            {appTexts.chat.loadingOlder}
          </p>
        ) : null}
        {messages.length === 0 ? empty : null}
        <div ref={sizer} className="mx-auto w-full max-w-3xl">
          <div aria-hidden="true" style={{ height: above }} />
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const { message, version } = row;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={rowRef}
                className="pb-3 has-[[role=dialog]]:relative has-[[role=dialog]]:z-10"
              >
                <MessageItem
                  message={message}
                  before={row.continued?.before}
                  marked={marked !== null && rowHolds(row, marked)}
                  isLast={message.id === last.reply || message.id === last.user}
                  busy={busy}
                  versionIndex={version?.index}
                  versionCount={version?.count}
                  onVersion={onVersion}
                />
              </div>
            );
          })}
          <div aria-hidden="true" style={{ height: below }} />
        </div>
      </div>
      {showJump ? (
        <Button
          onClick={jumpToLatest}
          data-testid="jump-to-latest"
          className="absolute bottom-3 left-1/2 z-10 flex -translate-x-1/2 items-center gap-1 rounded-full border border-border bg-surface-3 px-3 py-1.5 text-sm font-medium shadow-[0_4px_14px_rgb(0_0_0/0.45)] hover:bg-surface-2"
        >
          <span aria-hidden="true">↓</span>
          {appTexts.chat.jumpToLatest}
        </Button>
      ) : null}
    </div>
  );
});
