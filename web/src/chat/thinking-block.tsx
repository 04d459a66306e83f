import { useId, useState } from 'react';
import { replyTexts as t } from '../texts/app-texts';
import { Button } from '../ui/button';

export interface ThinkingBlockProps {
  /** The reply's reasoning so far. */
  reasoning: string;
  /** The model is still thinking: the reply streams and its answer has not started. */
  live: boolean;
}

/**
 * The model's reasoning above its answer: open and streaming while the model thinks, collapsed as
 * soon as the answer starts, and expandable afterwards (a disclosure button: Enter / Space).
 * Plain text on purpose: reasoning is a draft, not a formatted answer.
 */
export function ThinkingBlock({ reasoning, live }: ThinkingBlockProps) {
  // null: follow the stream (open while live); true/false once the reader chose.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? live;
  const id = useId();
  return (
    <div className="mb-2" data-testid="thinking" data-state={live ? 'streaming' : 'done'}>
      <Button
        className="inline-flex min-h-11 items-center gap-1 rounded-md px-1 text-xs font-medium text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent sm:min-h-7"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setChosen(!open)}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className={`h-3 w-3 transition-transform ${open ? 'rotate-90' : ''}`}
          fill="currentColor"
        >
          <path d="M6 3.5 10.5 8 6 12.5z" />
        </svg>
        <span>{live ? t.thinkingLive : t.thinking}</span>
        {live ? <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-accent" aria-hidden="true" /> : null}
      </Button>
      <div
        id={id}
        hidden={!open}
        className="mt-1 max-h-72 overflow-y-auto whitespace-pre-wrap border-s-2 border-border ps-3 text-sm text-muted"
      >
        {reasoning}
      </div>
    </div>
  );
}
