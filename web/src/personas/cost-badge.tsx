import { useId } from 'react';
import { texts } from '../texts/texts';
import { Button } from '../ui/button';

/** Credits per message, with the tooltip of SPEC.md §2 on hover and keyboard focus (a button so it can take focus). */
export function CostBadge({ cost }: { cost: number }) {
  const tipId = useId();
  return (
    <Button
      aria-describedby={tipId}
      className="group/cost relative inline-flex items-center gap-1 rounded-full bg-surface/90 px-2 py-0.5 text-xs font-medium text-fg ring-1 ring-border"
      data-testid="persona-cost"
    >
      <svg
        width="12"
        height="12"
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v10M9 10h4.5a2 2 0 0 1 0 4H9" />
      </svg>
      <span>{texts.explore.costLabel(cost)}</span>
      <span
        role="tooltip"
        id={tipId}
        className="pointer-events-none invisible absolute bottom-full left-1/2 z-20 mb-2 w-52 -translate-x-1/2 rounded-lg bg-surface-3 px-2.5 py-1.5 text-center text-xs font-normal text-fg shadow-lg group-hover/cost:visible group-focus/cost:visible"
      >
        {texts.explore.costTooltip}
      </span>
    </Button>
  );
}
