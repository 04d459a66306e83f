import { type ReactNode, type RefObject, useRef, useState } from 'react';
import { appTexts } from '../texts/app-texts';

/** How far (px) the list must be pulled before letting go refreshes it. */
const PULL_THRESHOLD_PX = 64;
const MAX_PULL_PX = 110;

type Phase = 'idle' | 'pulling' | 'armed' | 'loading';

/** Touch pull-to-refresh above a scroll container: "Pull to refresh..." / "Loose to refresh..." / "Loading...". */
export function PullToRefresh({
  scrollRef,
  onRefresh,
  children,
}: {
  scrollRef: RefObject<HTMLElement | null>;
  onRefresh: () => Promise<void>;
  children: ReactNode;
}) {
  const [pull, setPull] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');
  const startY = useRef<number | null>(null);

  const onTouchStart = (e: React.TouchEvent) => {
    if (phase === 'loading' || (scrollRef.current?.scrollTop ?? 0) > 0) return;
    startY.current = e.touches[0]?.clientY ?? null;
  };
  const onTouchMove = (e: React.TouchEvent) => {
    if (startY.current === null) return;
    const dy = (e.touches[0]?.clientY ?? 0) - startY.current;
    if (dy <= 0) {
      setPull(0);
      setPhase('idle');
      return;
    }
    const distance = Math.min(MAX_PULL_PX, dy * 0.6);
    setPull(distance);
    setPhase(distance >= PULL_THRESHOLD_PX ? 'armed' : 'pulling');
  };
  const onTouchEnd = async () => {
    if (startY.current === null) return;
    startY.current = null;
    if (phase !== 'armed') {
      setPull(0);
      setPhase('idle');
      return;
    }
    setPhase('loading');
    setPull(PULL_THRESHOLD_PX * 0.75);
    try {
      await onRefresh();
    } finally {
      setPull(0);
      setPhase('idle');
    }
  };

  const label =
    phase === 'loading'
      ? appTexts.common.loading
      : phase === 'armed'
        ? appTexts.common.looseToRefresh
        : appTexts.common.pullToRefresh;

  return (
    <div
      className="flex min-h-0 flex-1 flex-col"
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={() => void onTouchEnd()}
      onTouchCancel={() => void onTouchEnd()}
    >
      <div
        className="flex shrink-0 items-end justify-center overflow-hidden text-sm text-muted transition-[height] duration-150"
        style={{ height: pull }}
        aria-live="polite"
        data-testid="pull-to-refresh"
      >
        {phase === 'idle' ? null : <span className="pb-2">{label}</span>}
      </div>
      {children}
    </div>
  );
}
